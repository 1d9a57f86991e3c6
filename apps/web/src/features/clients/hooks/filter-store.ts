import { type ClientsFilter, DEFAULT_CLIENTS_FILTER } from '@waybill/contracts';
import { useSyncExternalStore } from 'react';

/** The analytics filter outlives the route, so switching tabs and back keeps it. */
let filter: ClientsFilter = DEFAULT_CLIENTS_FILTER;
const listeners = new Set<() => void>();

export const clientsFilterStore = {
  get: () => filter,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(change: Partial<ClientsFilter>) {
    filter = { ...filter, ...change };
    for (const l of listeners) l();
  },
  reset() {
    filter = DEFAULT_CLIENTS_FILTER;
    for (const l of listeners) l();
  },
};

export function useClientsFilter() {
  const current = useSyncExternalStore(clientsFilterStore.subscribe, clientsFilterStore.get);
  return { filter: current, update: clientsFilterStore.update };
}
