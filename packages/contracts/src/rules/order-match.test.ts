import { describe, expect, it } from 'vitest';
import type { Order } from '../backend/orders.js';
import { ORDER_STATUS_KEYS } from '../enums/order-status.js';
import { DEFAULT_ORDERS_FILTER, type OrdersFilter } from '../filters/orders-filter.js';
import {
  changeTouchesOrdersList,
  isOrderSnoozed,
  normaliseReferenceQuery,
  ORDER_STATISTIC_KEYS,
  orderMatchesFilter,
  statisticScope,
} from './order-match.js';
import { setLateMode } from './orders-filter-rules.js';
import { makeOrder } from './test-fixtures.js';

const NOW = new Date(Date.UTC(2024, 5, 15, 12));
const f = (over: Partial<OrdersFilter> = {}): OrdersFilter => ({ ...DEFAULT_ORDERS_FILTER, ...over });
const all = (over: Partial<OrdersFilter> = {}) => f({ displayPriorities: [], activeOrders: 'all', ...over });

describe('orderMatchesFilter, criterion by criterion', () => {
  it.each<[string, Partial<Order>, Partial<OrdersFilter>, boolean]>([
    ['default filter, priority 3', {}, {}, true],
    ['default filter, priority 4', { display_priority: 4 }, {}, false],
    ['default filter, priority 0', { display_priority: 0 }, {}, true],
    ['empty priorities match all', { display_priority: 5 }, { displayPriorities: [] }, true],
    ['reference substring', { reference: 'SHOP-1001' }, { reference: '1001' }, true],
    ['reference case-insensitive', { reference: 'SHOP-1001' }, { reference: 'shop-10' }, true],
    ['reference with #', { reference: 'SHOP-1001' }, { reference: '#SHOP' }, true],
    ['reference miss', { reference: 'SHOP-1001' }, { reference: '2002' }, false],
    ['null reference vs query', { reference: null }, { reference: '1' }, false],
    ['status in list', {}, { statuses: ['ready_for_picking'] }, true],
    ['status not in list', {}, { statuses: ['lost'] }, false],
    ['courier in list', {}, { courierKeys: ['sameday_ro'] }, true],
    ['courier not in list', {}, { courierKeys: ['dpd_ro'] }, false],
    [
      'cargus pair: urgent order, cargus_ro chosen',
      { aggregated_courier: { key: 'urgent_cargus', tracking_number: null } },
      { courierKeys: ['cargus_ro'] },
      true,
    ],
    [
      'cargus pair: cargus order, urgent chosen',
      { aggregated_courier: { key: 'cargus_ro', tracking_number: null } },
      { courierKeys: ['urgent_cargus'] },
      true,
    ],
    ['no courier vs courier filter', { aggregated_courier: null }, { courierKeys: ['dpd_ro'] }, false],
    ['selling channel', {}, { sellingChannelsUIDS: ['sc-1'] }, true],
    ['other selling channel', {}, { sellingChannelsUIDS: ['sc-2'] }, false],
    ['warehouse', {}, { fulfillmentCentersUIDS: ['fc-1', 'fc-2'] }, true],
    [
      'no warehouse vs warehouse filter',
      { fulfillment_center_uid: null },
      { fulfillmentCentersUIDS: ['fc-1'] },
      false,
    ],
    ['assigned user', {}, { assignedUsersUIDS: ['user-1'] }, true],
    ['other assigned user', {}, { assignedUsersUIDS: ['user-2'] }, false],
    ['unassigned vs user filter', { assigned_user_uid: null }, { assignedUsersUIDS: ['user-1'] }, false],
    ['payout key', {}, { payout: { selected: ['at_waybill'], late: null } }, true],
    ['other payout key', {}, { payout: { selected: ['collected'], late: null } }, false],
    [
      'no payout vs payout filter',
      { payout: null },
      { payout: { selected: ['collected'], late: null } },
      false,
    ],
    ['payout not late filter, payout on time', {}, { payout: { selected: [], late: 'not_late' } }, true],
    [
      'payout not late filter, payout late',
      { payout: { status: { key: 'at_waybill' }, late: { is_late: true } } },
      { payout: { selected: [], late: 'not_late' } },
      false,
    ],
    ['payout late filter only, payout on time', {}, { payout: { selected: [], late: 'late' } }, false],
    ['status late filter only, on time', {}, { status_late: { status: 'late' } }, false],
    ['status late filter only, late', { late: { is_late: true } }, { status_late: { status: 'late' } }, true],
    ['managed by someone else is still listed', { managed_by: 'merchant' }, {}, true],
  ])('%s → %s', (_name, order, filter, expected) => {
    expect(orderMatchesFilter(makeOrder(order), f(filter), NOW)).toBe(expected);
  });

  it.each<[string, Partial<Order>, boolean]>([
    ['status late', { late: { is_late: true }, display_priority: 2 }, true],
    [
      'payout late, priority 4',
      { payout: { status: { key: 'at_merchant' }, late: { is_late: true } }, display_priority: 4 },
      true,
    ],
    [
      'both late',
      { late: { is_late: true }, payout: { status: { key: 'at_merchant' }, late: { is_late: true } } },
      true,
    ],
    ['on time', {}, false],
    ['late but priority 5', { late: { is_late: true }, display_priority: 5 }, false],
  ])('late mode: %s → %s', (_name, order, expected) => {
    expect(orderMatchesFilter(makeOrder(order), setLateMode(DEFAULT_ORDERS_FILTER, true), NOW)).toBe(
      expected,
    );
  });
});

describe('active and snoozed orders', () => {
  const snoozed = (until: string | null) =>
    makeOrder({ comments: { count_: 1, status: 'snoozed', team: null, until } });
  it.each<[string, Order, boolean]>([
    ['no comment status', makeOrder(), false],
    [
      'escalated',
      makeOrder({ comments: { count_: 1, status: 'escalated', team: 'development', until: null } }),
      false,
    ],
    ['snoozed until later', snoozed('2024-06-16T00:00:00'), true],
    ['snoozed with no end', snoozed(null), true],
    ['snooze ended', snoozed('2024-06-15T11:00:00'), false],
    ['snooze ends now', snoozed('2024-06-15T12:00:00'), false],
  ])('%s → snoozed %s', (_name, order, isSnoozed) => {
    expect(isOrderSnoozed(order, NOW)).toBe(isSnoozed);
    expect(orderMatchesFilter(order, all({ activeOrders: 'snoozed' }), NOW)).toBe(isSnoozed);
    expect(orderMatchesFilter(order, all({ activeOrders: 'active' }), NOW)).toBe(!isSnoozed);
    expect(orderMatchesFilter(order, all({ activeOrders: 'all' }), NOW)).toBe(true);
  });
});

describe('reference query normalisation', () => {
  it.each([
    ['  #1001 ', '1001'],
    ['##AB', 'ab'],
    ['# ab', 'ab'],
    ['', ''],
    ['#', ''],
  ])('%j → %j', (q, out) => {
    expect(normaliseReferenceQuery(q)).toBe(out);
  });
});

describe('changeTouchesOrdersList', () => {
  const ctx = { now: NOW, inCohortRows: false };
  /** The rows part for a first-seen order (no before state). */
  const rowsFor = (order: Order, filter: OrdersFilter, over: Partial<typeof ctx> = {}) =>
    changeTouchesOrdersList({ before: null, after: order }, filter, { ...ctx, ...over }).rows;
  it('an order in the cohort rows always triggers, even when it left the filter', () => {
    const left = makeOrder({
      display_priority: 5,
      aggregated_status: { key: 'cancelled', date: '2024-06-15T11:00:00' },
    });
    expect(orderMatchesFilter(left, DEFAULT_ORDERS_FILTER, NOW)).toBe(false);
    expect(rowsFor(left, DEFAULT_ORDERS_FILTER, { inCohortRows: true })).toBe(true);
  });
  it('re-reads rows when the order matched before, though it no longer does', () => {
    const before = makeOrder({ fulfillment_center_uid: 'fc-1' });
    const after = makeOrder({ fulfillment_center_uid: 'fc-2' });
    const filter = f({ fulfillmentCentersUIDS: ['fc-1'] });
    expect(changeTouchesOrdersList({ before, after }, filter, ctx).rows).toBe(true);
    expect(changeTouchesOrdersList({ before: after, after }, filter, ctx).rows).toBe(false);
  });
  it('re-reads only the statistics whose scope the order is in (each ignores the facets it groups by)', () => {
    const otherWarehouse = makeOrder({ fulfillment_center_uid: 'fc-2' });
    const warehouse = f({ fulfillmentCentersUIDS: ['fc-1'] });
    // Outside the rows; only the warehouse rows count every warehouse.
    expect(
      changeTouchesOrdersList({ before: otherWarehouse, after: otherWarehouse }, warehouse, ctx),
    ).toEqual({
      rows: false,
      statistics: ['fulfillment_centers_statistics'],
    });
    // Outside the default display priorities: the counts grouped by a facet ignore the priorities.
    const lowPriority = makeOrder({ display_priority: 5 });
    expect(
      changeTouchesOrdersList({ before: lowPriority, after: lowPriority }, DEFAULT_ORDERS_FILTER, ctx)
        .statistics,
    ).toEqual([
      'display_statistics',
      'couriers_statistics',
      'fulfillment_centers_statistics',
      'assigned_users_statistics',
      'selling_channels_statistics',
    ]);
    // A reference search narrows every statistic: an order it cannot find moves no count.
    const search = f({ reference: 'zzz' });
    expect(changeTouchesOrdersList({ before: otherWarehouse, after: otherWarehouse }, search, ctx)).toEqual({
      rows: false,
      statistics: [],
    });
    // Late mode narrows every statistic: an order late neither before nor after moves none.
    const lateMode = setLateMode(DEFAULT_ORDERS_FILTER, true);
    const onTime = makeOrder({ late: { is_late: false } });
    expect(changeTouchesOrdersList({ before: onTime, after: onTime }, lateMode, ctx).statistics).toEqual([]);
    const late = makeOrder({ late: { is_late: true } });
    expect(changeTouchesOrdersList({ before: late, after: onTime }, lateMode, ctx).statistics).toEqual(
      ORDER_STATISTIC_KEYS,
    );
  });
  it('a first-seen order may have left any statistic: they are all re-read', () => {
    const onTime = makeOrder({ late: { is_late: false } });
    const lateMode = setLateMode(DEFAULT_ORDERS_FILTER, true);
    expect(changeTouchesOrdersList({ before: null, after: onTime }, lateMode, ctx).statistics).toEqual(
      ORDER_STATISTIC_KEYS,
    );
  });
  it('statisticScope drops exactly the facets a statistic groups by', () => {
    const filter = f({
      reference: 'x',
      statuses: ['lost'],
      courierKeys: ['dpd_ro'],
      activeOrders: 'snoozed',
    });
    expect(statisticScope(filter, 'count')).toEqual(filter);
    expect(statisticScope(filter, 'couriers_statistics')).toEqual({
      ...filter,
      courierKeys: [],
      displayPriorities: [],
    });
    expect(statisticScope(filter, 'active_orders_statistics')).toEqual({ ...filter, activeOrders: 'all' });
  });
  it.each<[string, Partial<Order>, Partial<OrdersFilter>, boolean]>([
    ['entering order that matches', {}, {}, true],
    ['order outside the priorities', { display_priority: 4 }, {}, false],
    ['order of another warehouse', {}, { fulfillmentCentersUIDS: ['fc-9'] }, false],
    ['order of another courier', {}, { courierKeys: ['dpd_ro'] }, false],
    ['order in another status', {}, { statuses: ['lost'] }, false],
    ['reference found in the tracking number', {}, { reference: 'trk12' }, true],
    ['reference found in a fulfilment order key', {}, { reference: 'FO-1' }, true],
    ['reference found in the warehouse code', {}, { reference: 'wh-77' }, true],
    ['reference found nowhere', {}, { reference: 'zzz' }, false],
    [
      'snoozed order vs active cohort (snooze expiry unknown)',
      { comments: { count_: 1, status: 'snoozed', team: null, until: '2030-01-01T00:00:00' } },
      { activeOrders: 'active' },
      true,
    ],
    ['active order vs snoozed cohort', {}, { activeOrders: 'snoozed' }, true],
    [
      'order without assigned_user_uid vs user cohort',
      { assigned_user_uid: undefined },
      { assignedUsersUIDS: ['user-9'] },
      true,
    ],
    ['order assigned to another user', {}, { assignedUsersUIDS: ['user-9'] }, false],
  ])('not in rows: %s → %s', (_name, order, filter, expected) => {
    expect(rowsFor(makeOrder(order), f(filter))).toBe(expected);
  });

  it('never says false when the exact predicate says the order matches (exhaustive over statuses × priorities × filters)', () => {
    const filters: OrdersFilter[] = [
      DEFAULT_ORDERS_FILTER,
      all(),
      f({ statuses: ['in_picking', 'not_fulfilled'] }),
      f({ displayPriorities: [4, 5] }),
      setLateMode(DEFAULT_ORDERS_FILTER, true),
      f({ activeOrders: 'snoozed' }),
      f({ reference: 'shop' }),
      f({ courierKeys: ['cargus_ro'] }),
      f({ payout: { selected: ['at_waybill'], late: 'not_late' } }),
    ];
    const orders: Order[] = [];
    for (const key of ORDER_STATUS_KEYS) {
      for (let p = 0; p <= 5; p++) {
        for (const late of [false, true]) {
          orders.push(
            makeOrder({
              aggregated_status: { key, date: '2024-06-15T10:00:00' },
              display_priority: p,
              late: { is_late: late },
              aggregated_courier: { key: p % 2 ? 'urgent_cargus' : 'dpd_ro', tracking_number: null },
              comments: {
                count_: 1,
                status: late ? 'snoozed' : null,
                team: null,
                until: '2024-06-16T00:00:00',
              },
            }),
          );
        }
      }
    }
    let matched = 0;
    for (const filter of filters) {
      for (const order of orders) {
        if (orderMatchesFilter(order, filter, NOW)) {
          matched++;
          expect(rowsFor(order, filter)).toBe(true);
          expect(changeTouchesOrdersList({ before: order, after: order }, filter, ctx).statistics).toEqual(
            ORDER_STATISTIC_KEYS,
          );
        }
      }
    }
    expect(matched).toBeGreaterThan(100);
  });
});
