import {
  changeTouchesOrdersList,
  ORDER_STATISTIC_KEYS,
  type OrderStatisticKey,
  type OrderStatistics,
  type OrdersSearchBody,
  ordersQuerySchema,
  previewListComments,
  toOrdersSearchBody,
} from '@waybill/contracts';
import { fetchOrderStatistics } from '../backend/order-statistics.js';
import { defineLiveList } from './define-live-list.js';

/**
 * The realtime order list: rows and a preview of their comments from /orders/search/filter, the
 * eight statistics calls after them. A change re-reads the rows, the statistics or both, as the
 * contracts rule `changeTouchesOrdersList` says it can touch them.
 */
export const ordersList = defineLiveList({
  name: 'orders',
  query: ordersQuerySchema,
  route: 'orders.search.filter',
  toBody: (filter, window, { managedBy }) => toOrdersSearchBody(filter, window, managedBy),
  // A row carries its latest comment, cut, and counts over its whole thread; the detail has the thread.
  shape: (answer, viewer) => ({ ...answer, ...previewListComments(answer.comments, viewer) }),
  split: ({ orders, comments, commentCounts }) => ({ rows: orders, meta: { comments, commentCounts } }),
  later: {
    keys: ORDER_STATISTIC_KEYS,
    read: ({ backend, token, body, signal }, keys) =>
      fetchOrderStatistics(backend, token, body as OrdersSearchBody, signal, keys as OrderStatisticKey[]),
    toMeta: (statistics) => ({ statistics: statistics as OrderStatistics }),
  },
  rowsAreOrders: true,
  affectedBy: (change, query, ctx) => {
    const touch = changeTouchesOrdersList(change, query.filter, ctx);
    return touch.rows || touch.statistics.length > 0 ? { rows: touch.rows, later: touch.statistics } : null;
  },
});
