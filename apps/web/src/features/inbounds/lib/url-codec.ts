import { type InboundsFilter, inboundsFilterSchema } from '@waybill/contracts';
import { schemaUrlCodec } from '../../../hooks/url-filter-codec.js';

/** Inbound filter ⇄ URL query: /inbounds?status=arrived&prio=0,1&q=RCP-7 … */
export const inboundsUrlCodec = schemaUrlCodec<InboundsFilter>(inboundsFilterSchema, {
  assignedUsersUIDS: { param: 'user', kind: 'list' },
  fulfillmentCentersUIDS: { param: 'warehouse', kind: 'list' },
  organizationsUIDS: { param: 'merchant', kind: 'list' },
  statuses: { param: 'status', kind: 'list' },
  displayPriorities: { param: 'prio', kind: 'numbers' },
  searchTerm: { param: 'q', kind: 'text' },
  numberOfItems: { param: 'items', kind: 'list' },
  isLate: { param: 'late', kind: 'flag' },
  activeInbounds: { param: 'active', kind: 'text' },
});
