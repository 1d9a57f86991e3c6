import {
  assignedUserFilterDefault,
  DEFAULT_INBOUNDS_FILTER,
  type InboundsFilter,
  type User,
} from '@waybill/contracts';
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
  /** contracts' assigned-user default (the user themself outside customer support), unless a user is already chosen. */
  applyUserDefault(me: User) {
    if (state.userDefaultApplied) return;
    const own = assignedUserFilterDefault(me);
    const filter =
      own.length === 0 || state.filter.assignedUsersUIDS.length > 0
        ? state.filter
        : { ...state.filter, assignedUsersUIDS: own };
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
