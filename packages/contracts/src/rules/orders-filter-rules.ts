import { PAGE_SIZE } from '../constants.js';
import { PAYOUT_PROVIDER_HELD, type PayoutOption } from '../enums/common.js';
import { CARGUS_PAIR } from '../enums/couriers.js';
import type { ListWindow } from '../filters/common.js';
import { toggleValues } from '../filters/common.js';
import type { OrdersFilter } from '../filters/orders-filter.js';

/** Orders filter transitions ("Late and payout filters"). All pure: new objects out. */
export const LATE_PRIORITY = 4;

/** Payout keys that survive a payout-late change: the provider-held stage and at_merchant. */
export const LATE_PAYOUT_KEYS = [
  PAYOUT_PROVIDER_HELD,
  'at_merchant',
] as const satisfies readonly PayoutOption[];

export function isLateMode(filter: OrdersFilter): boolean {
  return filter.orders_late;
}

/**
 * Late mode on: status_late and payout late become 'late' and priority 4 is added.
 * Off: both reset and priority 4 is removed. Either way the payout-late change keeps only the
 * provider-held and at_merchant payout keys.
 */
export function setLateMode(filter: OrdersFilter, on: boolean): OrdersFilter {
  const others = filter.displayPriorities.filter((p) => p !== LATE_PRIORITY);
  return {
    ...filter,
    orders_late: on,
    status_late: { status: on ? 'late' : null },
    payout: {
      selected: keepLatePayoutKeys(filter.payout.selected),
      late: on ? 'late' : null,
    },
    displayPriorities: on ? [...others, LATE_PRIORITY] : others,
  };
}

export function keepLatePayoutKeys(selected: readonly PayoutOption[]): PayoutOption[] {
  return selected.filter((k) => (LATE_PAYOUT_KEYS as readonly string[]).includes(k));
}

/** Choosing 'collected' is blocked while the late filter is on. */
export function isPayoutOptionBlocked(filter: OrdersFilter, option: PayoutOption): boolean {
  return option === 'collected' && isLateMode(filter);
}

/** Toggle one payout option (a blocked choice leaves the filter as it is). */
export function togglePayoutOption(filter: OrdersFilter, option: PayoutOption): OrdersFilter {
  if (isPayoutOptionBlocked(filter, option)) return filter;
  return {
    ...filter,
    payout: { ...filter.payout, selected: toggleValues(filter.payout.selected, [option]) },
  };
}

/** Toggle a courier; cargus_ro and urgent_cargus are one group and toggle together. */
export function toggleCourier(selected: readonly string[], key: string): string[] {
  const pair = CARGUS_PAIR as readonly string[];
  return toggleValues(selected, pair.includes(key) ? pair : [key]);
}

/**
 * The window of a list scrolled to `pages` pages: the last page asked for (skip (pages - 1) * 20,
 * limit 20). A filter change goes back to page 1; refreshes read rows 0 to skip + limit.
 */
export function pageWindow(pages: number): ListWindow {
  return { skip: (pages - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

export class LoadMoreError extends Error {
  constructor() {
    super('Cannot load more');
    this.name = 'LoadMoreError';
  }
}

/**
 * Window of the next page. Refused ('Cannot load more') when there are no more results or the
 * list is not initialised; null (ignored) while a search runs.
 */
export function nextPageWindow(
  window: ListWindow,
  flags: { hasMore: boolean; initialized: boolean; searching: boolean },
): ListWindow | null {
  if (!flags.hasMore || !flags.initialized) throw new LoadMoreError();
  if (flags.searching) return null;
  return { skip: window.skip + window.limit, limit: PAGE_SIZE };
}

/** A page shorter than 20 rows marks the end of the list. */
export function pageHasMore(pageLength: number, pageSize: number = PAGE_SIZE): boolean {
  return pageLength >= pageSize;
}

/** 'Clear Filters' appears on the orders screen when a warehouse, merchant or courier is selected. */
export function ordersHasClearableFilters(filter: OrdersFilter): boolean {
  return (
    filter.fulfillmentCentersUIDS.length > 0 ||
    filter.sellingChannelsUIDS.length > 0 ||
    filter.courierKeys.length > 0
  );
}

/** What 'Clear Filters' clears on the orders screen. */
export function clearOrdersDropdownFilters(filter: OrdersFilter): OrdersFilter {
  return { ...filter, fulfillmentCentersUIDS: [], sellingChannelsUIDS: [], courierKeys: [] };
}
