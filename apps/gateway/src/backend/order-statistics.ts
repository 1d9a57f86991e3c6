import type { ORDER_STATISTICS_CALLS, OrderStatistics, OrdersSearchBody } from '@waybill/contracts';
import type { BackendCaller } from './backend-caller.js';

/** The count and the seven statistics calls, sent in parallel, merged into one object. */
export async function fetchOrderStatistics(
  backend: BackendCaller,
  token: string,
  body: OrdersSearchBody,
  signal?: AbortSignal,
): Promise<OrderStatistics> {
  const opts = { token, body, signal };
  const [count, display, statuses, couriers, centers, users, channels, active] = await Promise.all([
    backend.call('orders.search.count', opts),
    backend.call('orders.search.display_statistics', opts),
    backend.call('orders.search.statuses_statistics', opts),
    backend.call('orders.search.couriers_statistics', opts),
    backend.call('orders.search.fulfillment_centers_statistics', opts),
    backend.call('orders.search.assigned_users_statistics', opts),
    backend.call('orders.search.selling_channels_statistics', opts),
    backend.call('orders.search.active_orders_statistics', opts),
  ]);
  return {
    count: count.count,
    display_statistics: display.display_statistics,
    statuses_statistics: statuses.statuses_statistics,
    couriers_statistics: couriers.couriers_statistics,
    fulfillment_centers_statistics: centers.fulfillment_centers_statistics,
    assigned_users_statistics: users.assigned_users_statistics,
    selling_channels_statistics: channels.selling_channels_statistics,
    active_orders_statistics: active.active_orders_statistics,
  } satisfies Record<keyof typeof ORDER_STATISTICS_CALLS, unknown>;
}
