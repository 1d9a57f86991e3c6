import type { inferRouterOutputs } from '@trpc/server';
import { type Order, type OrderStatistics, type OrdersFilter, pageHasMore } from '@waybill/contracts';
import type { AppRouter } from '@waybill/gateway/router';
import { type LiveListOptions, type LiveListSource, useLiveList } from '../../../hooks/use-live-list.js';
import { trpc } from '../../../lib/trpc.js';
import type { OrdersListMeta } from '../lib/list-state.js';

type OrdersAnswer = inferRouterOutputs<AppRouter>['orders']['search'];

const source: LiveListSource<OrdersFilter, Order, OrdersListMeta, [OrdersAnswer, OrderStatistics]> = {
  scope: 'orders',
  useSubscription: trpc.orders.live.useSubscription,
  // The fallback reads rows and statistics fresh (`refresh`), as the live cohort does.
  search: (client, input) =>
    Promise.all([
      client.orders.search.query({ ...input, refresh: true }),
      client.orders.statistics.query({ ...input, refresh: true }),
    ]),
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
