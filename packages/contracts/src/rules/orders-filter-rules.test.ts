import { describe, expect, it } from 'vitest';
import type { PayoutOption } from '../enums/common.js';
import { DEFAULT_ORDERS_FILTER, type OrdersFilter, toOrdersSearchBody } from '../filters/orders-filter.js';
import {
  clearOrdersDropdownFilters,
  isLateMode,
  isPayoutOptionBlocked,
  keepLatePayoutKeys,
  LoadMoreError,
  nextPageWindow,
  ordersHasClearableFilters,
  pageHasMore,
  pageWindow,
  setLateMode,
  toggleCourier,
  togglePayoutOption,
} from './orders-filter-rules.js';

const f = (over: Partial<OrdersFilter> = {}): OrdersFilter => ({ ...DEFAULT_ORDERS_FILTER, ...over });
const payout = (selected: PayoutOption[], late: 'late' | 'not_late' | null = null) => ({ selected, late });

describe('late mode on', () => {
  it.each<[number[], number[]]>([
    [
      [0, 1, 2, 3],
      [0, 1, 2, 3, 4],
    ],
    [[], [4]],
    [[2], [2, 4]],
    [
      [0, 1, 2, 3, 4],
      [0, 1, 2, 3, 4],
    ],
    [[5], [5, 4]],
  ])('priorities %j → %j; status_late and payout late are late', (priorities, out) => {
    const on = setLateMode(f({ displayPriorities: priorities }), true);
    expect(on.displayPriorities).toEqual(out);
    expect(on.status_late).toEqual({ status: 'late' });
    expect(on.payout.late).toBe('late');
    expect(on.orders_late).toBe(true);
    expect(isLateMode(on)).toBe(true);
  });

  it.each<[PayoutOption[], PayoutOption[]]>([
    [[], []],
    [['collected'], []],
    [['at_waybill'], ['at_waybill']],
    [['at_merchant'], ['at_merchant']],
    [
      ['collected', 'at_waybill', 'at_merchant'],
      ['at_waybill', 'at_merchant'],
    ],
  ])('payout late change keeps only provider-held and at_merchant: %j → %j', (selected, kept) => {
    expect(setLateMode(f({ payout: payout(selected) }), true).payout.selected).toEqual(kept);
    expect(setLateMode(f({ payout: payout(selected, 'late') }), false).payout.selected).toEqual(kept);
    expect(keepLatePayoutKeys(selected)).toEqual(kept);
  });

  it('the body of late mode carries status_late, payout_late and priority 4', () => {
    const body = toOrdersSearchBody(
      setLateMode(DEFAULT_ORDERS_FILTER, true),
      { skip: 0, limit: 20 },
      'waybill',
    );
    expect(body).toMatchObject({
      status_late: 'late',
      payout_late: 'late',
      display_priorities: [0, 1, 2, 3, 4],
    });
  });
});

describe('late mode off', () => {
  it.each<[number[], number[]]>([
    [
      [0, 1, 2, 3, 4],
      [0, 1, 2, 3],
    ],
    [[4], []],
    [
      [0, 4, 5],
      [0, 5],
    ],
    [
      [0, 1],
      [0, 1],
    ],
  ])('priorities %j → %j; flags reset', (priorities, out) => {
    const off = setLateMode(
      f({
        displayPriorities: priorities,
        orders_late: true,
        status_late: { status: 'late' },
        payout: payout([], 'late'),
      }),
      false,
    );
    expect(off.displayPriorities).toEqual(out);
    expect(off.status_late).toEqual({ status: null });
    expect(off.payout.late).toBeNull();
    expect(off.orders_late).toBe(false);
  });

  it('on then off restores the default filter', () => {
    expect(setLateMode(setLateMode(DEFAULT_ORDERS_FILTER, true), false)).toEqual(DEFAULT_ORDERS_FILTER);
  });

  it('does not mutate its input', () => {
    const input = f();
    const snapshot = JSON.parse(JSON.stringify(input));
    setLateMode(input, true);
    expect(input).toEqual(snapshot);
  });
});

describe('payout options', () => {
  it.each<[boolean, PayoutOption, boolean]>([
    [true, 'collected', true],
    [true, 'at_waybill', false],
    [true, 'at_merchant', false],
    [false, 'collected', false],
    [false, 'at_waybill', false],
    [false, 'at_merchant', false],
  ])('late %s, choosing %s blocked → %s', (late, option, blocked) => {
    const filter = setLateMode(DEFAULT_ORDERS_FILTER, late);
    expect(isPayoutOptionBlocked(filter, option)).toBe(blocked);
    const after = togglePayoutOption(filter, option);
    if (blocked) expect(after).toBe(filter);
    else expect(after.payout.selected).toEqual([option]);
  });

  it('toggling a chosen option removes it', () => {
    const once = togglePayoutOption(DEFAULT_ORDERS_FILTER, 'collected');
    expect(togglePayoutOption(once, 'collected').payout.selected).toEqual([]);
  });
});

describe('courier toggle keeps the cargus pair together', () => {
  it.each([
    [[], 'cargus_ro', ['cargus_ro', 'urgent_cargus']],
    [[], 'urgent_cargus', ['cargus_ro', 'urgent_cargus']],
    [['cargus_ro', 'urgent_cargus'], 'cargus_ro', []],
    [['cargus_ro', 'urgent_cargus', 'dpd_ro'], 'urgent_cargus', ['dpd_ro']],
    [['urgent_cargus'], 'cargus_ro', ['urgent_cargus', 'cargus_ro']],
    [['dpd_ro'], 'gls_ro', ['dpd_ro', 'gls_ro']],
    [['dpd_ro', 'gls_ro'], 'dpd_ro', ['gls_ro']],
  ])('%j toggle %s → %j', (selected, key, out) => {
    expect(toggleCourier(selected, key)).toEqual(out);
  });
});

describe('page windows', () => {
  it.each([
    [1, { skip: 0, limit: 20 }],
    [3, { skip: 40, limit: 20 }],
  ])('page %i → %j', (pages, window) => {
    expect(pageWindow(pages)).toEqual(window);
  });
});

describe('load more', () => {
  const flags = { hasMore: true, initialized: true, searching: false };
  it.each([
    [
      { skip: 0, limit: 20 },
      { skip: 20, limit: 20 },
    ],
    [
      { skip: 20, limit: 20 },
      { skip: 40, limit: 20 },
    ],
    [
      { skip: 0, limit: 60 },
      { skip: 60, limit: 20 },
    ],
  ])('%j → next page %j', (window, next) => {
    expect(nextPageWindow(window, flags)).toEqual(next);
  });
  it("refused with 'Cannot load more' without more results or before initialisation", () => {
    expect(() => nextPageWindow({ skip: 0, limit: 20 }, { ...flags, hasMore: false })).toThrow(
      'Cannot load more',
    );
    expect(() => nextPageWindow({ skip: 0, limit: 20 }, { ...flags, initialized: false })).toThrow(
      LoadMoreError,
    );
  });
  it('ignored while a search runs', () => {
    expect(nextPageWindow({ skip: 0, limit: 20 }, { ...flags, searching: true })).toBeNull();
  });
  it.each([
    [0, false],
    [19, false],
    [20, true],
    [21, true],
  ])('a page of %i rows → more %s', (n, more) => {
    expect(pageHasMore(n)).toBe(more);
  });
});

describe('Clear Filters on the orders screen', () => {
  it.each<[Partial<OrdersFilter>, boolean]>([
    [{}, false],
    [{ fulfillmentCentersUIDS: ['fc'] }, true],
    [{ sellingChannelsUIDS: ['sc'] }, true],
    [{ courierKeys: ['dpd_ro'] }, true],
    [{ assignedUsersUIDS: ['u'] }, false],
    [{ statuses: ['lost'] }, false],
  ])('%j → %s', (over, shown) => {
    expect(ordersHasClearableFilters(f(over))).toBe(shown);
  });
  it('clears warehouse, merchant and courier only', () => {
    const cleared = clearOrdersDropdownFilters(
      f({
        fulfillmentCentersUIDS: ['a'],
        sellingChannelsUIDS: ['b'],
        courierKeys: ['c'],
        statuses: ['lost'],
      }),
    );
    expect(cleared).toEqual(f({ statuses: ['lost'] }));
  });
});
