import { type ClientsFilter, DEFAULT_CLIENTS_FILTER } from '@waybill/contracts';
import { useCallback } from 'react';
import { useUrlFilters } from '../../../hooks/use-url-filters.js';
import { clientsUrlCodec } from '../lib/url-codec.js';

/** The analytics filter, kept in the URL (reload, shared links, Back and Forward). */
export function useClientsFilter() {
  const [filter, setFilter] = useUrlFilters(clientsUrlCodec, DEFAULT_CLIENTS_FILTER);
  const update = useCallback(
    (change: Partial<ClientsFilter>) => setFilter((current) => ({ ...current, ...change })),
    [setFilter],
  );
  return { filter, update };
}
