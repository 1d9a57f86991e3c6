import type { FulfillmentCenter, OperatorOrderStatus, Order } from '@waybill/contracts';
import { DateChangeModal } from '../../../components/index.js';
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
  if (!order) return null;
  const config = STATUS_MODALS[kind];
  return (
    <DateChangeModal
      title={config.title}
      label={config.label}
      testId={`modal-${kind}`}
      summary={<OrderSummary order={order} merchant={merchant} warehouse={warehouse} />}
      onSave={(date) => onSave(order, config.status, date)}
      onClose={onClose}
    />
  );
}
