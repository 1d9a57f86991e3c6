import {
  type Inbound,
  type InboundsFilter,
  type InboundsSearchResponse,
  pageHasMore,
} from '@waybill/contracts';
import { type LiveListSource, useLiveList } from '../../../hooks/use-live-list.js';

/** Everything of a search answer except the rows, plus whether more rows exist. */
export type InboundsMeta = Pick<
  InboundsSearchResponse,
  | 'document_count'
  | 'fulfillment_centers_statistics'
  | 'organizations_statistics'
  | 'assigned_users_statistics'
  | 'statuses_statistics'
  | 'number_of_lates_statistics'
  | 'number_of_items_statistics'
  | 'display_statistics'
> & { hasMore: boolean };
const source: LiveListSource<InboundsFilter, Inbound, InboundsMeta, InboundsSearchResponse> = {
  scope: 'inbounds',
  subscription: (trpc, input, handlers) => trpc.inbounds.live.subscriptionOptions(input, handlers),
  search: (client, input) => client.inbounds.search.query(input),
  fromSearch: (response, limit) => {
    const { inventory_receipts, ...meta } = response;
    return {
      rows: inventory_receipts,
      meta: { ...meta, hasMore: pageHasMore(inventory_receipts.length, limit) },
    };
  },
};

/**
 * The inbound list for a filter, fed by inbounds.live (see `useLiveList`). `refresh` is the 2 s
 * re-read after a status change.
 */
export function useInboundsList(filter: InboundsFilter) {
  return useLiveList(source, filter);
}
