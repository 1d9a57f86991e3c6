import {
  courierShortName,
  type FulfillmentCenter,
  formatOrderReference,
  type Order,
  orderRowColour,
  orderStatusLabel,
} from '@waybill/contracts';
import { colourVar, tintVar } from '../../lib/priority-colour.js';
import { useHold, useHoldActions } from '../holds/holds-context.js';
import styles from './order-modals.module.css';

export interface OrderSummaryProps {
  order: Order;
  merchant: string | null;
  warehouse: FulfillmentCenter | null;
}

/**
 * The order at the top of every order-action modal (row or detail): reference, merchant, warehouse,
 * status, courier, and who holds it (a colleague working on it should not be changed under).
 */
export function OrderSummary({ order, merchant, warehouse }: OrderSummaryProps) {
  const hold = useHold(order.uid);
  const { myUid } = useHoldActions();
  const colour = orderRowColour(order.display_priority);
  const courier = {
    name: courierShortName(order.aggregated_courier?.key ?? null),
    trackingNumber: order.aggregated_courier?.tracking_number ?? null,
  };
  return (
    <dl
      className={styles.summary}
      style={{
        ['--summary-colour' as string]: colourVar(colour),
        ['--summary-tint' as string]: tintVar(colour),
      }}
      data-testid="order-summary"
    >
      <div>
        <dt>Order</dt>
        <dd className={styles.mono}>{formatOrderReference(order.reference)}</dd>
      </div>
      <div>
        <dt>Merchant</dt>
        <dd>{merchant ?? 'Unknown'}</dd>
      </div>
      <div>
        <dt>Warehouse</dt>
        <dd>{warehouse?.name ?? 'Unknown'}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>{orderStatusLabel(order.aggregated_status.key)}</dd>
      </div>
      <div>
        <dt>Courier</dt>
        <dd>
          {courier.name}
          {courier.trackingNumber ? ` · ${courier.trackingNumber}` : ''}
        </dd>
      </div>
      {hold ? (
        <div data-testid="order-summary-hold">
          <dt>Held by</dt>
          <dd>{hold.holder.uid === myUid ? 'You' : hold.holder.name}</dd>
        </div>
      ) : null}
    </dl>
  );
}
