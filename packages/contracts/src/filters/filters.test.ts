import { describe, expect, it } from 'vitest';
import { analyticsSearchBodySchema } from '../backend/analytics.js';
import { inboundsSearchBodySchema } from '../backend/inbounds.js';
import { ordersSearchBodySchema } from '../backend/orders.js';
import { setLateMode } from '../rules/orders-filter-rules.js';
import {
  type ClientsFilter,
  clientsFilterSchema,
  clientsQuerySchema,
  companySizeRequestKey,
  DEFAULT_CLIENTS_FILTER,
  lastActivityStart,
  toAnalyticsSearchBody,
} from './clients-filter.js';
import { listWindowSchema, nonEmpty, refreshWindow, toggleValues } from './common.js';
import {
  DEFAULT_INBOUNDS_FILTER,
  type InboundsFilter,
  inboundsFilterSchema,
  toInboundsSearchBody,
} from './inbounds-filter.js';
import {
  DEFAULT_ORDERS_FILTER,
  type OrdersFilter,
  ordersFilterSchema,
  ordersQuerySchema,
  toOrdersSearchBody,
  withCargusPairing,
} from './orders-filter.js';

const W = { skip: 0, limit: 20 };
const MB = 'waybill';

describe('toggleValues: chosen values all selected → removed, otherwise added; empty → clear', () => {
  it.each([
    [[], ['a'], ['a']],
    [['a'], ['a'], []],
    [['a', 'b'], ['a'], ['b']],
    [['a'], ['b'], ['a', 'b']],
    [['a'], ['a', 'b'], ['a', 'b']],
    [['a', 'b'], ['a', 'b'], []],
    [['a', 'b', 'c'], ['c', 'a'], ['b']],
    [['b'], ['a', 'b', 'c'], ['b', 'a', 'c']],
    [['a', 'b'], [], []],
    [[], [], []],
    [['a'], ['b', 'b'], ['a', 'b', 'b']],
  ])('%j toggle %j → %j', (selected, values, out) => {
    expect(toggleValues(selected, values)).toEqual(out);
  });

  it('works with numbers and never mutates its inputs', () => {
    const selected = Object.freeze([0, 1, 2, 3]);
    const values = Object.freeze([4]);
    expect(toggleValues(selected, values)).toEqual([0, 1, 2, 3, 4]);
    expect(toggleValues(toggleValues(selected, values), values)).toEqual([0, 1, 2, 3]);
  });

  it('toggling twice restores the set for every subset of a 4-value universe', () => {
    const universe = ['a', 'b', 'c', 'd'];
    const subsets = Array.from({ length: 16 }, (_, mask) => universe.filter((_, i) => mask & (1 << i)));
    for (const selected of subsets) {
      for (const values of subsets) {
        if (values.length === 0) continue;
        const once = toggleValues(selected, values);
        const allIn = values.every((v) => selected.includes(v));
        if (allIn) expect(once.some((v) => values.includes(v))).toBe(false);
        else expect(values.every((v) => once.includes(v))).toBe(true);
        // Values outside the toggled set are untouched.
        expect(once.filter((v) => !values.includes(v))).toEqual(selected.filter((v) => !values.includes(v)));
      }
    }
  });
});

describe('refreshWindow: skip 0 and limit = skip + limit', () => {
  it.each([
    [
      { skip: 0, limit: 20 },
      { skip: 0, limit: 20 },
    ],
    [
      { skip: 20, limit: 20 },
      { skip: 0, limit: 40 },
    ],
    [
      { skip: 40, limit: 20 },
      { skip: 0, limit: 60 },
    ],
    [
      { skip: 100, limit: 7 },
      { skip: 0, limit: 107 },
    ],
    [
      { skip: 5000, limit: 5000 },
      { skip: 0, limit: 10000 },
    ],
  ])('%j → %j', (window, out) => {
    expect(refreshWindow(window)).toEqual(out);
  });

  it('a refreshed window is still a valid backend body window', () => {
    const body = toOrdersSearchBody(DEFAULT_ORDERS_FILTER, refreshWindow({ skip: 5000, limit: 5000 }), MB);
    expect(ordersSearchBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('nonEmpty', () => {
  it.each<[readonly unknown[], unknown[] | undefined]>([
    [[], undefined],
    [['a'], ['a']],
    [[0], [0]],
  ])('%j → %j', (list, out) => {
    expect(nonEmpty(list)).toEqual(out);
  });
});

describe('list window schema', () => {
  it('defaults to skip 0, limit 20', () => {
    expect(listWindowSchema.parse({})).toEqual({ skip: 0, limit: 20 });
  });
  it('accepts pages up to 100 rows, and the last console page of 10,000 loaded rows', () => {
    expect(listWindowSchema.parse({ skip: 9_900, limit: 100 })).toEqual({ skip: 9_900, limit: 100 });
    expect(listWindowSchema.parse({ skip: 9_980, limit: 20 })).toEqual({ skip: 9_980, limit: 20 });
  });
  it.each([
    [{ skip: -1 }, 'skip'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ skip: 9_981 }, 'skip'],
    [{ skip: 1.5 }, 'skip'],
    [{ skip: '0' }, 'skip'],
  ])('%j is refused naming %s', (input, field) => {
    const r = listWindowSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('withCargusPairing: cargus_ro or urgent_cargus selects both', () => {
  it.each([
    [[], []],
    [['dpd_ro'], ['dpd_ro']],
    [['cargus_ro'], ['cargus_ro', 'urgent_cargus']],
    [['urgent_cargus'], ['urgent_cargus', 'cargus_ro']],
    [
      ['cargus_ro', 'urgent_cargus'],
      ['cargus_ro', 'urgent_cargus'],
    ],
    [
      ['dpd_ro', 'urgent_cargus', 'gls_ro'],
      ['dpd_ro', 'urgent_cargus', 'gls_ro', 'cargus_ro'],
    ],
    [['cargus'], ['cargus']],
  ])('%j → %j', (keys, out) => {
    expect(withCargusPairing(keys)).toEqual(out);
  });
  it('does not mutate its input', () => {
    const keys = ['cargus_ro'];
    withCargusPairing(keys);
    expect(keys).toEqual(['cargus_ro']);
  });
});

const orders = (over: Partial<OrdersFilter> = {}): OrdersFilter => ({ ...DEFAULT_ORDERS_FILTER, ...over });

describe('orders filter → POST /orders/search body', () => {
  it('default filter: managed_by always, active status, default priorities, nothing else', () => {
    expect(toOrdersSearchBody(DEFAULT_ORDERS_FILTER, W, MB)).toEqual({
      skip: 0,
      limit: 20,
      managed_by: 'waybill',
      active_status: 'active',
      display_priorities: [0, 1, 2, 3],
    });
  });

  it.each<[string, Partial<OrdersFilter>, Record<string, unknown>]>([
    ['reference trimmed', { reference: '  #1001 ' }, { reference: '#1001' }],
    ['blank reference not sent', { reference: '   ' }, {}],
    [
      'statuses',
      { statuses: ['in_picking', 'not_fulfilled'] },
      { aggregated_status_keys: ['in_picking', 'not_fulfilled'] },
    ],
    ['couriers', { courierKeys: ['dpd_ro'] }, { courier_keys: ['dpd_ro'] }],
    ['cargus pair', { courierKeys: ['cargus_ro'] }, { courier_keys: ['cargus_ro', 'urgent_cargus'] }],
    ['selling channels', { sellingChannelsUIDS: ['sc-1'] }, { selling_channels_uids: ['sc-1'] }],
    [
      'warehouses',
      { fulfillmentCentersUIDS: ['fc-1', 'fc-2'] },
      { fulfillment_centers_uids: ['fc-1', 'fc-2'] },
    ],
    ['assigned users', { assignedUsersUIDS: ['u-1'] }, { assigned_users_uids: ['u-1'] }],
    ['all orders', { activeOrders: 'all' }, { active_status: 'all' }],
    ['snoozed orders', { activeOrders: 'snoozed' }, { active_status: 'snoozed' }],
    [
      'payout keys',
      { payout: { selected: ['collected', 'at_merchant'], late: null } },
      { payout_keys: ['collected', 'at_merchant'] },
    ],
    ['payout late', { payout: { selected: [], late: 'late' } }, { payout_late: 'late' }],
    ['payout not late', { payout: { selected: [], late: 'not_late' } }, { payout_late: 'not_late' }],
    ['status late', { status_late: { status: 'late' } }, { status_late: 'late' }],
    ['priorities 0-5', { displayPriorities: [0, 1, 2, 3, 4, 5] }, { display_priorities: [0, 1, 2, 3, 4, 5] }],
  ])('%s', (_name, over, expected) => {
    const body = toOrdersSearchBody(orders(over), W, MB);
    expect(body).toMatchObject({ managed_by: MB, ...expected });
    expect(ordersSearchBodySchema.safeParse(body).success).toBe(true);
  });

  it.each<[string, Partial<OrdersFilter>, string]>([
    ['empty statuses', { statuses: [] }, 'aggregated_status_keys'],
    ['empty couriers', { courierKeys: [] }, 'courier_keys'],
    ['empty priorities', { displayPriorities: [] }, 'display_priorities'],
    ['no payout keys', {}, 'payout_keys'],
    ['no payout late', {}, 'payout_late'],
    ['no status late', {}, 'status_late'],
    ['no reference', {}, 'reference'],
    ['no channels', {}, 'selling_channels_uids'],
    ['no users', {}, 'assigned_users_uids'],
    ['no warehouses', {}, 'fulfillment_centers_uids'],
  ])('%s: %s not sent', (_name, over, key) => {
    expect(toOrdersSearchBody(orders(over), W, MB)).not.toHaveProperty(key);
  });

  it.each(['waybill', 'someone-else', ''])(
    'managed_by %j is sent as given, whatever the filter',
    (managedBy) => {
      for (const f of [DEFAULT_ORDERS_FILTER, orders({ reference: 'x', courierKeys: ['dpd_ro'] })]) {
        expect(toOrdersSearchBody(f, W, managedBy).managed_by).toBe(managedBy);
      }
    },
  );

  it('uses the given window (a refresh window reads from 0)', () => {
    expect(toOrdersSearchBody(DEFAULT_ORDERS_FILTER, { skip: 40, limit: 20 }, MB)).toMatchObject({
      skip: 40,
      limit: 20,
    });
    expect(
      toOrdersSearchBody(DEFAULT_ORDERS_FILTER, refreshWindow({ skip: 40, limit: 20 }), MB),
    ).toMatchObject({
      skip: 0,
      limit: 60,
    });
  });

  it('the body does not share arrays with the filter', () => {
    const f = orders({ statuses: ['lost'] });
    const body = toOrdersSearchBody(f, W, MB);
    body.aggregated_status_keys?.push('x');
    expect(f.statuses).toEqual(['lost']);
  });
});

describe('orders filter schema: strict, defaults, errors name the field', () => {
  it('defaults', () => {
    expect(DEFAULT_ORDERS_FILTER).toEqual({
      reference: '',
      statuses: [],
      displayPriorities: [0, 1, 2, 3],
      courierKeys: [],
      sellingChannelsUIDS: [],
      fulfillmentCentersUIDS: [],
      assignedUsersUIDS: [],
      activeOrders: 'active',
      payout: { selected: [], late: null },
      status_late: { status: null },
      orders_late: false,
    });
    expect(ordersQuerySchema.parse({})).toEqual({
      filter: DEFAULT_ORDERS_FILTER,
      window: { skip: 0, limit: 20 },
    });
  });
  it('a query filter with orders_late alone gets late mode whole, as the console sets it', () => {
    const { filter } = ordersQuerySchema.parse({
      filter: { orders_late: true, payout: { selected: ['collected'] } },
    });
    expect(filter).toMatchObject({
      orders_late: true,
      status_late: { status: 'late' },
      payout: { selected: [], late: 'late' },
    });
    expect([...filter.displayPriorities].sort()).toEqual([0, 1, 2, 3, 4]);
    const body = toOrdersSearchBody(filter, { skip: 0, limit: 20 }, 'waybill');
    expect(body).toMatchObject({
      status_late: 'late',
      payout_late: 'late',
      display_priorities: [0, 1, 2, 3, 4],
    });
    // The console's own late filter comes through as it is.
    const consoleLate = setLateMode(DEFAULT_ORDERS_FILTER, true);
    expect(ordersQuerySchema.parse({ filter: consoleLate }).filter).toEqual(consoleLate);
  });
  it.each([
    [{ displayPriorities: [6] }, ['displayPriorities', 0]],
    [{ displayPriorities: [-1] }, ['displayPriorities', 0]],
    [{ activeOrders: 'sleeping' }, ['activeOrders']],
    [{ payout: { selected: ['nowhere'] } }, ['payout', 'selected', 0]],
    [{ payout: { late: 'very' } }, ['payout', 'late']],
    [{ status_late: { status: 'early' } }, ['status_late', 'status']],
    [{ reference: 5 }, ['reference']],
    [{ courierKeys: [''] }, ['courierKeys', 0]],
    [{ unknownField: 1 }, []],
    [{ reference: 'x'.repeat(201) }, ['reference']],
  ])('%j → issue at %j', (input, path) => {
    const r = ordersFilterSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(path);
  });
});

const inbounds = (over: Partial<InboundsFilter> = {}): InboundsFilter => ({
  ...DEFAULT_INBOUNDS_FILTER,
  ...over,
});

describe('inbounds filter → POST /inventory_receipts/search body', () => {
  it('default filter', () => {
    expect(toInboundsSearchBody(DEFAULT_INBOUNDS_FILTER, W)).toEqual({
      skip: 0,
      limit: 20,
      display_priorities: [0, 1, 2, 3],
    });
  });
  it.each<[string, Partial<InboundsFilter>, Record<string, unknown>]>([
    ['search term in the body, trimmed', { searchTerm: ' REC-1 ' }, { search_term: 'REC-1' }],
    ['organizations', { organizationsUIDS: ['o-1'] }, { organizations_uids: ['o-1'] }],
    ['warehouses', { fulfillmentCentersUIDS: ['fc-1'] }, { fulfillment_centers_uids: ['fc-1'] }],
    ['statuses', { statuses: ['arrived', 'processing'] }, { statuses: ['arrived', 'processing'] }],
    ['assigned users', { assignedUsersUIDS: ['u-1'] }, { assigned_users_uids: ['u-1'] }],
    ['transport kinds', { numberOfItems: ['truck', 'package'] }, { number_of_items: ['truck', 'package'] }],
    ['late', { isLate: true }, { is_late: true }],
    ['active inbounds', { activeInbounds: 'active' }, { active_inbounds: 'active' }],
    ['snoozed inbounds', { activeInbounds: 'snoozed' }, { active_inbounds: 'snoozed' }],
    ['some priorities', { displayPriorities: [4, 5, 6] }, { display_priorities: [4, 5, 6] }],
  ])('%s', (_name, over, expected) => {
    const body = toInboundsSearchBody(inbounds(over), W);
    expect(body).toMatchObject(expected);
    expect(inboundsSearchBodySchema.safeParse(body).success).toBe(true);
  });
  it.each<[string, Partial<InboundsFilter>, string]>([
    ['blank search', { searchTerm: '  ' }, 'search_term'],
    ['not late', { isLate: false }, 'is_late'],
    ['all inbounds', { activeInbounds: 'all' }, 'active_inbounds'],
    ['no priorities', { displayPriorities: [] }, 'display_priorities'],
    // Inbounds without a display priority match no priority filter: every priority means none.
    ['all priorities 0-6', { displayPriorities: [6, 0, 1, 2, 3, 4, 5] }, 'display_priorities'],
    ['no kinds', {}, 'number_of_items'],
    ['no statuses', {}, 'statuses'],
  ])('%s: %s not sent', (_name, over, key) => {
    expect(toInboundsSearchBody(inbounds(over), W)).not.toHaveProperty(key);
  });
  it('refresh window', () => {
    expect(
      toInboundsSearchBody(DEFAULT_INBOUNDS_FILTER, refreshWindow({ skip: 60, limit: 20 })),
    ).toMatchObject({
      skip: 0,
      limit: 80,
    });
  });
  it.each([
    [{ statuses: ['lost'] }, ['statuses', 0]],
    [{ displayPriorities: [7] }, ['displayPriorities', 0]],
    [{ numberOfItems: ['ship'] }, ['numberOfItems', 0]],
    [{ isLate: 'yes' }, ['isLate']],
  ])('schema refuses %j at %j', (input, path) => {
    const r = inboundsFilterSchema.safeParse(input);
    expect(r.error?.issues[0]?.path).toEqual(path);
  });
});

const clients = (over: Partial<ClientsFilter> = {}): ClientsFilter => ({
  ...DEFAULT_CLIENTS_FILTER,
  ...over,
});
const NOW = new Date(Date.UTC(2024, 5, 15, 12, 0, 0));

describe('clients filter → POST /selling_channels_analytics/search body', () => {
  it('default filter: priorities, installed, merchants', () => {
    expect(DEFAULT_CLIENTS_FILTER).toMatchObject({
      companyActivityStatus: ['installed'],
      sourceApp: 'merchants',
    });
    expect(toAnalyticsSearchBody(DEFAULT_CLIENTS_FILTER, W, NOW)).toEqual({
      skip: 0,
      limit: 20,
      display_priorities: [0, 1, 2, 3],
      activity_status: ['installed'],
      source_app: 'merchants',
    });
  });

  it.each<[string, Partial<ClientsFilter>, Record<string, unknown>]>([
    ['country upper-cased', { country: 'ro' }, { country_keys: ['RO'] }],
    ['country already upper', { country: 'HU' }, { country_keys: ['HU'] }],
    ['courier', { courier: 'dpd_ro' }, { courier_keys: ['dpd_ro'] }],
    ['name trimmed', { name: ' shop ' }, { name: 'shop' }],
    ['size XS', { companiesSize: 'XS' }, { company_size: ['xs'] }],
    ['size S', { companiesSize: 'S' }, { company_size: ['s'] }],
    ['size M', { companiesSize: 'M' }, { company_size: ['m'] }],
    ['size L', { companiesSize: 'L' }, { company_size: ['l'] }],
    ['size XL', { companiesSize: 'XL' }, { company_size: ['xl'] }],
    ['sku interval', { skusFilter: 'less_than_10' }, { sku_interval: 'less_than_10' }],
    ['sku 10-99', { skusFilter: 'between_10_and_99' }, { sku_interval: 'between_10_and_99' }],
    ['sku over 999', { skusFilter: 'more_than_999' }, { sku_interval: 'more_than_999' }],
    ['store view', { sourceApp: 'store_view' }, { source_app: 'store_view' }],
    [
      'several store statuses',
      { companyActivityStatus: ['installed', 'deleted'] },
      { activity_status: ['installed', 'deleted'] },
    ],
    ['today', { companyActivity: 'today' }, { last_activity: '2024-06-14T21:00:00.000Z' }],
    ['last 7', { companyActivity: 'last7' }, { last_activity: '2024-06-07T21:00:00.000Z' }],
    ['last 30', { companyActivity: 'last30' }, { last_activity: '2024-05-15T21:00:00.000Z' }],
  ])('%s', (_name, over, expected) => {
    const body = toAnalyticsSearchBody(clients(over), W, NOW);
    expect(body).toMatchObject(expected);
    expect(analyticsSearchBodySchema.safeParse(body).success).toBe(true);
  });

  it.each<[string, Partial<ClientsFilter>, string]>([
    ["sku 'all' not sent", { skusFilter: 'all' }, 'sku_interval'],
    ["activity 'all' sends no last_activity", { companyActivity: 'allCount' }, 'last_activity'],
    ['no size', { companiesSize: null }, 'company_size'],
    ['no country', { country: null }, 'country_keys'],
    ['no courier', { courier: null }, 'courier_keys'],
    ['blank name', { name: '   ' }, 'name'],
    ['is_new is never sent by the filter', {}, 'is_new'],
  ])('%s', (_name, over, key) => {
    expect(toAnalyticsSearchBody(clients(over), W, NOW)).not.toHaveProperty(key);
  });

  it('refresh window', () => {
    expect(
      toAnalyticsSearchBody(DEFAULT_CLIENTS_FILTER, refreshWindow({ skip: 20, limit: 20 }), NOW),
    ).toMatchObject({
      skip: 0,
      limit: 40,
    });
  });

  it('schema parses the client state and names bad fields', () => {
    // A country key is upper case whatever a link says, so it matches its option ('RO').
    expect(clientsQuerySchema.parse({ filter: { country: 'ro' } }).filter.country).toBe('RO');
    for (const [input, path] of [
      [{ country: 'ROU' }, ['country']],
      [{ companyActivityStatus: [] }, ['companyActivityStatus']],
      [{ displayPriorities: [] }, ['displayPriorities']],
      [{ companiesSize: 'XXL' }, ['companiesSize']],
      [{ skusFilter: 'some' }, ['skusFilter']],
      [{ displayPriorities: [6] }, ['displayPriorities', 0]],
      [{ sourceApp: 'other' }, ['sourceApp']],
    ] as const) {
      expect(clientsFilterSchema.safeParse(input).error?.issues[0]?.path).toEqual(path);
    }
  });
});

describe('last_activity: start of day in the clients zone (Europe/Bucharest)', () => {
  it.each([
    ['allCount', '2024-06-15T12:00:00Z', undefined],
    ['today', '2024-06-15T12:00:00Z', '2024-06-14T21:00:00.000Z'],
    ['today', '2024-06-14T21:30:00Z', '2024-06-14T21:00:00.000Z'],
    ['today', '2024-06-14T20:59:59Z', '2024-06-13T21:00:00.000Z'],
    ['today', '2024-01-15T12:00:00Z', '2024-01-14T22:00:00.000Z'],
    ['last7', '2024-01-15T12:00:00Z', '2024-01-07T22:00:00.000Z'],
    ['last30', '2024-03-15T12:00:00Z', '2024-02-13T22:00:00.000Z'],
    ['last7', '2024-04-03T12:00:00Z', '2024-03-26T22:00:00.000Z'],
  ] as const)('%s at %s → %s', (period, now, out) => {
    expect(lastActivityStart(period, new Date(now))).toBe(out);
  });
  it('another zone can be passed', () => {
    expect(lastActivityStart('today', new Date('2024-06-15T12:00:00Z'), 'UTC')).toBe(
      '2024-06-15T00:00:00.000Z',
    );
  });
});

describe("company size request key: 'size' prefix removed, lower-cased", () => {
  it.each([
    ['sizeXS', 'xs'],
    ['sizeS', 's'],
    ['sizeM', 'm'],
    ['sizeL', 'l'],
    ['sizeXL', 'xl'],
    ['XS', 'xs'],
    ['xl', 'xl'],
    ['size0', '0'],
    ['0', '0'],
    ['XXL', undefined],
  ])('%s → %s', (size, key) => {
    expect(companySizeRequestKey(size)).toBe(key);
  });
});
