import {
  changeMayAffectCohort,
  type OrdersSearchBody,
  ordersQuerySchema,
  toOrdersSearchBody,
} from '@waybill/contracts';
import { fetchOrderStatistics } from '../backend/order-statistics.js';
import { defineLiveList } from './define-live-list.js';

/**
 * The realtime order list: rows and comments from /orders/search/filter, the eight statistics calls
 * after them. Cohorts refresh on change events that contracts say could touch them; the statistics'
 * facet counts include orders outside the filter, hence includeStatistics.
 */
export const ordersList = defineLiveList({
  name: 'orders',
  query: ordersQuerySchema,
  route: 'orders.search.filter',
  toBody: (filter, window, { managedBy }) => toOrdersSearchBody(filter, window, managedBy),
  split: ({ orders, comments }) => ({ rows: orders, meta: { comments } }),
  later: async ({ backend, token, body, signal }) => ({
    statistics: await fetchOrderStatistics(backend, token, body as OrdersSearchBody, signal),
  }),
  affectedBy: (order, query, ctx) =>
    changeMayAffectCohort(order, query.filter, { ...ctx, includeStatistics: true }),
});
