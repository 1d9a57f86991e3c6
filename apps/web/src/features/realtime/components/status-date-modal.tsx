import type { FulfillmentCenter, OperatorOrderStatus, Order } from '@waybill/contracts';
import { useState } from 'react';
import { Button } from '../../../components/button/button.js';
import { DateEntryFields } from '../../../components/date-entry-fields/date-entry-fields.js';
import { Modal } from '../../../components/modal/modal.js';
import { type DateParts, EMPTY_DATE_PARTS, partsToDate } from '../../../lib/date-entry.js';
import { errorMessage } from '../../../lib/errors.js';
import styles from './order-modals.module.css';
import { OrderSummary } from './order-summary.js';

export type StatusModalKind =
  | 'markDelivered'
  | 'markInTransit'
  | 'markReceivedBySender'
  | 'markLost'
  | 'cancel';

export const STATUS_MODALS: Record<
  StatusModalKind,
  { title: string; status: OperatorOrderStatus; label: string }
> = {
  markDelivered: { title: 'Mark Order as Delivered', status: 'shipping_delivered', label: 'Delivery date' },
  markInTransit: {
    title: 'Mark Order as In Transit',
    status: 'shipping_in_transit',
    label: 'Date handed to the courier',
  },
  markReceivedBySender: {
    title: 'Mark Order as Received By Sender',
    status: 'shipping_received_by_sender',
    label: 'Date received back',
  },
  markLost: { title: 'Mark Order as Lost', status: 'lost', label: 'Date the parcel was lost' },
  cancel: { title: 'Mark Order as Cancelled', status: 'cancelled', label: 'Cancellation date' },
};

export interface StatusDateModalProps {
  kind: StatusModalKind;
  /** The order as it is in the list; the modal renders nothing when it is not there. */
  order: Order | undefined;
  merchant: string | null;
  warehouse: FulfillmentCenter | null;
  onSave: (order: Order, status: OperatorOrderStatus, happenedAt: Date) => Promise<unknown>;
  onClose: () => void;
}

/** Date modal of a status change: DD/MM/YYYY, SAVE CHANGES (15:00 local) and CANCEL CHANGES. */
export function StatusDateModal({ kind, order, merchant, warehouse, onSave, onClose }: StatusDateModalProps) {
  const [parts, setParts] = useState<DateParts>(EMPTY_DATE_PARTS);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!order) return null;
  const config = STATUS_MODALS[kind];
  const date = partsToDate(parts);

  const save = async () => {
    if (!date || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await onSave(order, config.status, date);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'The status could not be changed. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={config.title}
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
      <OrderSummary order={order} merchant={merchant} warehouse={warehouse} />
      <DateEntryFields value={parts} onChange={setParts} disabled={busy} label={config.label} />
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
    </Modal>
  );
}
