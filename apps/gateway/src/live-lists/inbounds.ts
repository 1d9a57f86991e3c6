import { inboundsQuerySchema, toInboundsSearchBody } from '@waybill/contracts';
import { defineLiveList } from './define-live-list.js';

/** The inbounds list (/inbounds/search), refreshed every LIST_REFRESH_MS. */
export const inboundsList = defineLiveList({
  name: 'inbounds',
  query: inboundsQuerySchema,
  route: 'inbounds.search',
  toBody: (filter, window) => toInboundsSearchBody(filter, window),
  split: ({ inventory_receipts, ...meta }) => ({ rows: inventory_receipts, meta }),
});
