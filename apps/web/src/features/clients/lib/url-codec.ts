import { type ClientsFilter, clientsFilterSchema } from '@waybill/contracts';
import { schemaUrlCodec } from '../../../hooks/url-filter-codec.js';

/** Clients filter ⇄ URL query: /clients?country=RO&app=shopify&size=XS … */
export const clientsUrlCodec = schemaUrlCodec<ClientsFilter>(clientsFilterSchema, {
  displayPriorities: { param: 'prio', kind: 'numbers' },
  companyActivityStatus: { param: 'status', kind: 'list' },
  companiesSize: { param: 'size', kind: 'text' },
  skusFilter: { param: 'skus', kind: 'text' },
  companyActivity: { param: 'period', kind: 'text' },
  sourceApp: { param: 'app', kind: 'text' },
  country: { param: 'country', kind: 'text' },
  courier: { param: 'courier', kind: 'text' },
  name: { param: 'q', kind: 'text' },
});
