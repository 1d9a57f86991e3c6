import { type Order, type OrderStatistics, type OrdersFilter, pageHasMore } from '@waybill/contracts';
import { type LiveListOptions, type LiveListSource, useLiveList } from '../../../hooks/use-live-list.js';
import type { RouterOutputs } from '../../../lib/trpc.js';
import type { OrdersListMeta } from '../lib/list-state.js';

type OrdersAnswer = RouterOutputs['orders']['search'];

const source: LiveListSource<OrdersFilter, Order, OrdersListMeta, [OrdersAnswer, OrderStatistics]> = {
  scope: 'orders',
  subscription: (trpc, input, handlers) => trpc.orders.live.subscriptionOptions(input, handlers),
  // The fallback reads rows and statistics over the whole loaded window, as the live cohort does.
  search: (client, input) =>
    Promise.all([client.orders.search.query(input), client.orders.statistics.query(input)]),
  fromSearch: ([answer, statistics], limit) => ({
    rows: answer.orders,
    meta: {
      comments: answer.comments,
      commentCounts: answer.commentCounts,
      statistics,
      hasMore: pageHasMore(answer.orders.length, limit),
    },
  }),
};

/** The realtime order list, fed by orders.live (see `useLiveList`). */
export function useOrdersList(filter: OrdersFilter, options: LiveListOptions = {}) {
  return useLiveList(source, filter, options);
}
