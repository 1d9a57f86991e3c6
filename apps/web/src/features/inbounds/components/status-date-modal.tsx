import type { Inbound } from '@waybill/contracts';
import { DateChangeModal } from '../../../components/date-change-modal/date-change-modal.js';
import { dateDraftTarget } from '../../../lib/drafts.js';
import type { InboundReference } from '../api/use-reference.js';
import { useWatchedInbound } from '../hooks/use-watched-inbound.js';
import { InboundChangeNotice } from './inbound-change-notice.js';
import { InboundSummary } from './inbound-summary.js';

export interface StatusDateModalProps {
  kind: 'arrived' | 'processing';
  /** The inbound as it was when the modal opened. */
  inbound: Inbound;
  /** Its row in the list now (undefined once it left the list). */
  listRow: Inbound | undefined;
  reference: InboundReference;
  onSave: (inbound: Inbound, date: Date) => Promise<unknown>;
  onClose: () => void;
}

const TEXT = {
  arrived: { title: 'Mark as Arrived', label: 'Arrival date' },
  processing: { title: 'Mark as Processing', label: 'Date the warehouse started processing' },
} as const;

/**
 * Mark as Arrived / Processing: DD MM YYYY entry from the inbound's creation day (contracts'
 * dateEntryRange), SAVE CHANGES (set to 15:00 local) and CANCEL CHANGES. It stays open when someone
 * else changes the inbound, keeping the typed date, with save off until the user reviews the change.
 */
export function StatusDateModal({
  kind,
  inbound,
  listRow,
  reference,
  onSave,
  onClose,
}: StatusDateModalProps) {
  const watched = useWatchedInbound(inbound, listRow);
  const text = TEXT[kind];
  return (
    <DateChangeModal
      title={text.title}
      label={text.label}
      testId={`modal-${kind}`}
      summary={<InboundSummary inbound={watched.shown} reference={reference} />}
      notice={<InboundChangeNotice change={watched.change} onReview={watched.review} />}
      saveBlocked={watched.change !== null}
      createdAt={new Date(watched.shown.external_dates.created_at)}
      draft={{ target: dateDraftTarget('inbound-row', inbound.uid), kind }}
      onSave={(date) => onSave(watched.shown, date)}
      onClose={onClose}
    />
  );
}
