import type { Inbound } from '@waybill/contracts';
import { DateChangeModal } from '../../../components/index.js';
import type { InboundReference } from '../api/use-reference.js';
import { InboundSummary } from './inbound-summary.js';

export interface StatusDateModalProps {
  kind: 'arrived' | 'processing';
  inbound: Inbound | undefined;
  reference: InboundReference;
  onSave: (date: Date) => Promise<unknown>;
  onClose: () => void;
}

const TEXT = {
  arrived: { title: 'Mark as Arrived', label: 'Arrival date' },
  processing: { title: 'Mark as Processing', label: 'Date the warehouse started processing' },
} as const;

/** Mark as Arrived / Processing: DD MM YYYY entry, SAVE CHANGES (set to 15:00 local) and CANCEL CHANGES. */
export function StatusDateModal({ kind, inbound, reference, onSave, onClose }: StatusDateModalProps) {
  if (!inbound) return null;
  const text = TEXT[kind];
  return (
    <DateChangeModal
      title={text.title}
      label={text.label}
      testId={`modal-${kind}`}
      summary={<InboundSummary inbound={inbound} reference={reference} />}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
