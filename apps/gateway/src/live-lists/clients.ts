import { clientsQuerySchema, toAnalyticsSearchBody } from '@waybill/contracts';
import { defineLiveList } from './define-live-list.js';

/** The clients (selling channel analytics) list (/analytics/search), refreshed every LIST_REFRESH_MS. */
export const clientsList = defineLiveList({
  name: 'clients',
  query: clientsQuerySchema,
  route: 'analytics.search',
  toBody: (filter, window, { now }) => toAnalyticsSearchBody(filter, window, now),
  split: ({ selling_channels_analytics, ...meta }) => ({ rows: selling_channels_analytics, meta }),
});
