import {
  type AnalyticsSearchResponse,
  type ClientsQuery,
  type Comment,
  type Inbound,
  type InboundsQuery,
  type InboundsSearchResponse,
  type Order,
  type OrderStatistics,
  type OrdersQuery,
  refreshWindow,
  type SellingChannelAnalyticsRow,
  toAnalyticsSearchBody,
  toInboundsSearchBody,
  toOrdersSearchBody,
} from '@waybill/contracts';
import { fetchOrderStatistics } from '../backend/order-statistics.js';
import type { CohortFetch } from './cohort.js';
import type { BackendCaller } from './types.js';

export interface OrdersLiveMeta {
  comments: Comment[];
  statistics: OrderStatistics;
  /** False once a refresh returned fewer rows than the window: the list has no more to load. */
  hasMore: boolean;
}
export type InboundsLiveMeta = Omit<InboundsSearchResponse, 'inventory_receipts'> & { hasMore: boolean };
export type ClientsLiveMeta = Omit<AnalyticsSearchResponse, 'selling_channels_analytics'> & {
  hasMore: boolean;
};

/**
 * Every refresh reads the whole loaded window: skip 0, limit skip + limit. A refresh pushes the
 * rows first and the statistics (eight slower calls) after them, so a changed row does not wait
 * for the counts; the first load fetches both at once.
 */
export function ordersFetch(backend: BackendCaller, managedBy: string) {
  return (query: OrdersQuery): CohortFetch<Order, OrdersLiveMeta> =>
    async function* (token, signal, initial) {
      const window = refreshWindow(query.window);
      const body = toOrdersSearchBody(query.filter, window, managedBy);
      const statistics = initial ? fetchOrderStatistics(backend, token, body, signal) : null;
      // Settled either way, so an early list failure leaves no unhandled rejection behind.
      statistics?.catch(() => {});
      const list = await backend.call('orders.search.filter', { token, body, signal });
      yield {
        rows: list.orders,
        meta: { comments: list.comments, hasMore: list.orders.length >= window.limit },
      };
      yield {
        meta: { statistics: await (statistics ?? fetchOrderStatistics(backend, token, body, signal)) },
      };
    };
}

export function inboundsFetch(backend: BackendCaller) {
  return (query: InboundsQuery): CohortFetch<Inbound, InboundsLiveMeta> =>
    async (token, signal) => {
      const window = refreshWindow(query.window);
      const body = toInboundsSearchBody(query.filter, window);
      const { inventory_receipts, ...meta } = await backend.call('inbounds.search', { token, body, signal });
      return {
        rows: inventory_receipts,
        meta: { ...meta, hasMore: inventory_receipts.length >= window.limit },
      };
    };
}

export function clientsFetch(backend: BackendCaller, now: () => Date = () => new Date()) {
  return (query: ClientsQuery): CohortFetch<SellingChannelAnalyticsRow, ClientsLiveMeta> =>
    async (token, signal) => {
      const window = refreshWindow(query.window);
      const body = toAnalyticsSearchBody(query.filter, window, now());
      const { selling_channels_analytics, ...meta } = await backend.call('analytics.search', {
        token,
        body,
        signal,
      });
      return {
        rows: selling_channels_analytics,
        meta: { ...meta, hasMore: selling_channels_analytics.length >= window.limit },
      };
    };
}
