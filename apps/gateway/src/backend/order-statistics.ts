import {
  ORDER_STATISTIC_KEYS,
  type OrderStatisticKey,
  type OrderStatistics,
  type OrdersSearchBody,
} from '@waybill/contracts';
import type { BackendCaller } from './backend-caller.js';

/** The field each statistics call answers with (the count's is `count`). */
const FIELD = {
  count: 'count',
  display_statistics: 'display_statistics',
  statuses_statistics: 'statuses_statistics',
  couriers_statistics: 'couriers_statistics',
  fulfillment_centers_statistics: 'fulfillment_centers_statistics',
  assigned_users_statistics: 'assigned_users_statistics',
  selling_channels_statistics: 'selling_channels_statistics',
  active_orders_statistics: 'active_orders_statistics',
} as const satisfies Record<OrderStatisticKey, keyof OrderStatistics>;

/** The statistics calls for `keys`, sent in parallel, merged into one (partial) object. */
export async function fetchOrderStatistics<K extends OrderStatisticKey>(
  backend: BackendCaller,
  token: string,
  body: OrdersSearchBody,
  signal?: AbortSignal,
  keys: readonly K[] = ORDER_STATISTIC_KEYS as K[],
): Promise<Pick<OrderStatistics, K>> {
  const opts = { token, body, signal };
  const answers = await Promise.all(
    keys.map(async (key) => {
      const answer = (await backend.call(`orders.search.${key}`, opts)) as Record<string, unknown>;
      return [key, answer[FIELD[key]]] as const;
    }),
  );
  return Object.fromEntries(answers) as Pick<OrderStatistics, K>;
}
