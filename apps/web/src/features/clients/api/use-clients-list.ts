import {
  type AnalyticsSearchResponse,
  type ClientsFilter,
  pageHasMore,
  type SellingChannelAnalyticsRow,
} from '@waybill/contracts';
import { type LiveListSource, useLiveList } from '../../../hooks/use-live-list.js';

/** The statistics of an analytics answer (everything but the rows), plus whether more rows exist. */
export type ClientsMeta = Pick<
  AnalyticsSearchResponse,
  | 'count'
  | 'couriers_statistics'
  | 'display_statistics'
  | 'company_size_statistics'
  | 'company_activity_statistics'
  | 'countries_statistics'
  | 'sku_statistics'
  | 'source_app_statistics'
> & { hasMore: boolean };

const source: LiveListSource<
  ClientsFilter,
  SellingChannelAnalyticsRow,
  ClientsMeta,
  AnalyticsSearchResponse
> = {
  scope: 'clients',
  subscription: (trpc, input, handlers) => trpc.clients.live.subscriptionOptions(input, handlers),
  search: (client, input) => client.clients.search.query(input),
  fromSearch: (response, limit) => {
    const { selling_channels_analytics, ...meta } = response;
    return {
      rows: selling_channels_analytics,
      meta: { ...meta, hasMore: pageHasMore(selling_channels_analytics.length, limit) },
    };
  },
};

/** The stores list for a filter, fed by clients.live (see `useLiveList`). */
export function useClientsList(filter: ClientsFilter) {
  return useLiveList(source, filter);
}
