import {
  type FulfillmentCenter,
  type OperatorOrderStatus,
  type Order,
  orderActionUnavailable,
  parseServerTime,
  type StatusAction,
  statusAction,
} from '@waybill/contracts';
import { useState } from 'react';
import { LiveChangeNotice } from '../../../components/conflict-notice/live-change-notice.js';
import { DateChangeModal } from '../../../components/date-change-modal/date-change-modal.js';
import { OrderSummary } from '../../../components/order-modals/order-summary.js';
import type { SaveOptions } from '../../../lib/conflict.js';
import { dateDraftTarget } from '../../../lib/drafts.js';

export type StatusModalKind = StatusAction;

export interface StatusDateModalProps {
  kind: StatusModalKind;
  /** The order as it is in the list (its last row seen once it left); nothing renders without one. */
  order: Order | undefined;
  /** The order left the list: the modal stays open and says so. */
  gone?: boolean;
  merchant: string | null;
  warehouse: FulfillmentCenter | null;
  /**
   * Gets the order as the modal was opened on (conflict warning rule: the live row may have moved
   * since); `{ force: true }` after "Save anyway".
   */
  onSave: (
    order: Order,
    status: OperatorOrderStatus,
    happenedAt: Date,
    options?: SaveOptions,
  ) => Promise<unknown>;
  onClose: () => void;
}

/** Date modal of a status change: DD/MM/YYYY, SAVE CHANGES (15:00 local) and CANCEL CHANGES. */
export function StatusDateModal({
  kind,
  order,
  gone = false,
  merchant,
  warehouse,
  onSave,
  onClose,
}: StatusDateModalProps) {
  const [opened] = useState(order);
  if (!order) return null;
  const seen = opened?.uid === order.uid ? opened : order;
  const config = statusAction(kind);
  return (
    <DateChangeModal
      title={config.title}
      label={config.dateLabel}
      testId={`modal-${kind}`}
      summary={<OrderSummary order={order} merchant={merchant} warehouse={warehouse} />}
      notice={<LiveChangeNotice opened={seen} current={order} gone={gone} />}
      unavailable={orderActionUnavailable(kind, order, warehouse)}
      createdAt={parseServerTime(order.external_app_dates.created_at)}
      draft={{ target: dateDraftTarget('order-row', order.uid), kind }}
      onSave={(date, options) =>
        options ? onSave(seen, config.status, date, options) : onSave(seen, config.status, date)
      }
      onClose={onClose}
    />
  );
}
