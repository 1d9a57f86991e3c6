import { DEFAULT_INBOUNDS_FILTER, type InboundsFilter, type User } from '@waybill/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The inbound list filter lives outside the route component, so the list under the detail overlay
 * (and the list after closing it) keeps the user's filter for the whole session.
 */
interface FilterState {
  filter: InboundsFilter;
  /** The own-user default (non customer-support staff see their own inbounds first) is applied once. */
  userDefaultApplied: boolean;
}

let state: FilterState = { filter: DEFAULT_INBOUNDS_FILTER, userDefaultApplied: false };
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export const inboundsFilterStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(change: Partial<InboundsFilter>) {
    state = { ...state, filter: { ...state.filter, ...change } };
    emit();
  },
  /** Users outside customer support start filtered on themselves; the label then shows their name. */
  applyUserDefault(me: User) {
    if (state.userDefaultApplied) return;
    const filter =
      me.department === 'customer_support' || me.superadmin || state.filter.assignedUsersUIDS.length > 0
        ? state.filter
        : { ...state.filter, assignedUsersUIDS: [me.uid] };
    state = { filter, userDefaultApplied: true };
    emit();
  },
  reset() {
    state = { filter: DEFAULT_INBOUNDS_FILTER, userDefaultApplied: false };
    emit();
  },
};

export function useInboundsFilter() {
  const current = useSyncExternalStore(inboundsFilterStore.subscribe, inboundsFilterStore.get);
  return { filter: current.filter, update: inboundsFilterStore.update };
}

/** 'Clear Filters' shows when a user, warehouse, merchant or status is selected. */
export function hasDropdownFilters(filter: InboundsFilter): boolean {
  return (
    filter.assignedUsersUIDS.length > 0 ||
    filter.fulfillmentCentersUIDS.length > 0 ||
    filter.organizationsUIDS.length > 0 ||
    filter.statuses.length > 0
  );
}
