import type { Inbound } from '@waybill/contracts';
import { useState } from 'react';
import { Button, DateEntryFields, Modal } from '../../../components/index.js';
import { type DateParts, EMPTY_DATE_PARTS, partsToDate } from '../../../lib/date-entry.js';
import type { InboundReference } from '../api/use-reference.js';
import styles from './inbound-modals.module.css';
import { InboundSummary } from './inbound-summary.js';

export interface StatusDateModalProps {
  kind: 'arrived' | 'processing';
  inbound: Inbound | undefined;
  reference: InboundReference;
  busy: boolean;
  onSave: (date: Date) => Promise<unknown>;
  onClose: () => void;
}

const TEXT = {
  arrived: { title: 'Mark as Arrived', label: 'Arrival date' },
  processing: { title: 'Mark as Processing', label: 'Date the warehouse started processing' },
} as const;

/** Mark as Arrived / Processing: DD MM YYYY entry, SAVE CHANGES (set to 15:00 local) and CANCEL CHANGES. */
export function StatusDateModal({ kind, inbound, reference, busy, onSave, onClose }: StatusDateModalProps) {
  const [parts, setParts] = useState<DateParts>(EMPTY_DATE_PARTS);
  const [failed, setFailed] = useState(false);
  if (!inbound) return null;
  const date = partsToDate(parts);
  const text = TEXT[kind];
  const save = async () => {
    if (!date) return;
    setFailed(false);
    try {
      await onSave(date);
      onClose();
    } catch {
      setFailed(true);
    }
  };
  return (
    <Modal
      open
      title={text.title}
      busy={busy}
      onClose={onClose}
      testId={`modal-${kind}`}
      footer={
        <div className={styles.buttons} data-busy={busy || undefined}>
          <Button variant="primary" loading={busy} disabled={!date} fullWidth={busy} onClick={save}>
            SAVE CHANGES
          </Button>
          {busy ? null : <Button onClick={onClose}>CANCEL CHANGES</Button>}
        </div>
      }
    >
      <InboundSummary inbound={inbound} reference={reference} />
      <DateEntryFields value={parts} onChange={setParts} disabled={busy} label={text.label} />
      {failed ? (
        <p className={styles.error} role="alert">
          The status could not be changed. Please try again.
        </p>
      ) : null}
    </Modal>
  );
}
