import {
  type AnalyticsSearchBody,
  BACKEND_ROUTES,
  type InboundsSearchBody,
  ORDER_STATISTICS_CALLS,
  type OrdersSearchBody,
} from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../src/index.js';
import { call, EPOCH, login, parseData, startTestSim } from './helpers.js';

// Rule: an empty selection means all. An empty list filter is the same as an absent one; a
// list with a value narrows.

let sim: RunningSim;
let token: string;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH, orders: 1500, inbounds: 300, stores: 150 });
  token = await login(sim);
});
afterAll(() => sim.close());

const post = (path: string, body: unknown, bearer = token) =>
  call(sim, 'POST', path, { token: bearer, body });
const uids = (rows: { uid: string }[]) => rows.map((r) => r.uid);

/** Checks one list filter: `[]` gives the rows of no filter, `[value]` gives fewer, all matching. */
function checkListFilter<R extends { uid: string }>(
  all: R[],
  empty: R[],
  narrowed: R[],
  matches: (row: R) => boolean,
): void {
  expect(all.length).toBeGreaterThan(1);
  expect(uids(empty)).toEqual(uids(all));
  expect(narrowed.length).toBeGreaterThan(0);
  expect(narrowed.length).toBeLessThan(all.length);
  expect(narrowed.every(matches)).toBe(true);
  expect(uids(narrowed)).toEqual(uids(all.filter(matches)));
}

describe('orders search: empty list filters', () => {
  const base: OrdersSearchBody = { skip: 0, limit: 10_000, managed_by: 'waybill' };
  const search = async (extra: Partial<OrdersSearchBody>) =>
    parseData('orders.search', await post('/orders/search', { ...base, ...extra })).orders;
  type Row = Awaited<ReturnType<typeof search>>[number];
  type Pick = (rows: Row[]) => { value: string | number; matches: (o: Row) => boolean };

  const filters: [keyof OrdersSearchBody, Pick][] = [
    [
      'selling_channels_uids',
      ([o]) => ({
        value: o!.selling_channel_uid,
        matches: (x) => x.selling_channel_uid === o!.selling_channel_uid,
      }),
    ],
    [
      'assigned_users_uids',
      (rows) => {
        const v = rows.find((o) => o.assigned_user_uid)!.assigned_user_uid!;
        return { value: v, matches: (x) => x.assigned_user_uid === v };
      },
    ],
    [
      'courier_keys',
      (rows) => {
        const v = rows.find((o) => o.aggregated_courier?.key)!.aggregated_courier!.key!;
        return { value: v, matches: (x) => x.aggregated_courier?.key === v };
      },
    ],
    [
      'fulfillment_centers_uids',
      (rows) => {
        const v = rows.find((o) => o.fulfillment_center_uid)!.fulfillment_center_uid!;
        return { value: v, matches: (x) => x.fulfillment_center_uid === v };
      },
    ],
    [
      'display_priorities',
      ([o]) => ({ value: o!.display_priority, matches: (x) => x.display_priority === o!.display_priority }),
    ],
    [
      'aggregated_status_keys',
      ([o]) => ({
        value: o!.aggregated_status.key,
        matches: (x) => x.aggregated_status.key === o!.aggregated_status.key,
      }),
    ],
    [
      'payout_keys',
      (rows) => {
        const v = rows.find((o) => o.payout?.status.key)!.payout!.status.key!;
        return { value: v, matches: (x) => x.payout?.status.key === v };
      },
    ],
  ];

  it.each(filters)('%s: [] lists the same orders as no filter, [value] narrows', async (key, pick) => {
    const all = await search({});
    const { value, matches } = pick(all);
    checkListFilter(all, await search({ [key]: [] }), await search({ [key]: [value] }), matches);
  });

  it('every order search route answers empty lists exactly as absent ones', async () => {
    const empty = Object.fromEntries(filters.map(([key]) => [key, []]));
    const routes = [
      '/orders/search',
      '/orders/search/filter',
      ...Object.keys(ORDER_STATISTICS_CALLS).map((name) => `/orders/search/${name}`),
    ];
    expect(routes).toHaveLength(10);
    const count = parseData('orders.search.count', await post('/orders/search/count', base)).count;
    expect(count).toBeGreaterThan(0);
    for (const path of routes) {
      const plain = await post(path, { ...base, limit: 50 });
      const withEmpty = await post(path, { ...base, limit: 50, ...empty });
      expect(plain.status, path).toBe(200);
      expect(withEmpty.json, path).toEqual(plain.json);
    }
  });
});

describe('POST /changes: empty list filters', () => {
  const window = () => ({
    managed_by: 'waybill',
    updated_at_start: new Date(0).toISOString(),
    updated_at_end: new Date(sim.store.now() + 86_400_000).toISOString(),
  });
  const changes = async (extra: Record<string, unknown>) =>
    parseData('changes', await post('/changes', { orders: { ...window(), ...extra } }, 'dev-service-token'))
      .orders;
  type Row = Awaited<ReturnType<typeof changes>>[number];
  const filters: [string, (o: Row) => string | number | null | undefined][] = [
    ['statuses', (o) => o.aggregated_status.key],
    ['display_priorities', (o) => o.display_priority],
    ['courier_keys', (o) => o.aggregated_courier?.key],
    ['selling_channels_uids', (o) => o.selling_channel_uid],
    ['fulfillment_centers_uids', (o) => o.fulfillment_center_uid],
  ];

  it.each(filters)('%s: [] returns the same orders as no filter, [value] narrows', async (key, field) => {
    const all = await changes({});
    const value = field(all.find((o) => field(o) != null)!);
    checkListFilter(
      all,
      await changes({ [key]: [] }),
      await changes({ [key]: [value] }),
      (o) => field(o) === value,
    );
  });
});

describe('inbounds search: empty list filters', () => {
  const search = async (extra: Partial<InboundsSearchBody>) =>
    parseData(
      'inbounds.search',
      await post('/inventory_receipts/search', { skip: 0, limit: 10_000, ...extra }),
    );
  type Row = Awaited<ReturnType<typeof search>>['inventory_receipts'][number];
  const filters: [keyof InboundsSearchBody, (i: Row) => string | number | null | undefined][] = [
    ['organizations_uids', (i) => i.organization_uid],
    ['fulfillment_centers_uids', (i) => i.fulfillment_center_uid],
    ['statuses', (i) => i.status],
    ['assigned_users_uids', (i) => i.assigned_user_uid],
    ['number_of_items', (i) => i.number_of_items?.kind],
    ['display_priorities', (i) => i.display_priority],
  ];

  it.each(filters)('%s: [] lists the same inbounds as no filter, [value] narrows', async (key, field) => {
    const all = (await search({})).inventory_receipts;
    const value = field(all.find((i) => field(i) != null)!);
    checkListFilter(
      all,
      (await search({ [key]: [] })).inventory_receipts,
      (await search({ [key]: [value] })).inventory_receipts,
      (i) => field(i) === value,
    );
  });

  it('statistics answer empty lists exactly as absent ones', async () => {
    const empty = Object.fromEntries(filters.map(([key]) => [key, []]));
    const plain = await post('/inventory_receipts/search', { skip: 0, limit: 50 });
    expect((plain.json as { data: { document_count: number } }).data.document_count).toBeGreaterThan(0);
    expect((await post('/inventory_receipts/search', { skip: 0, limit: 50, ...empty })).json).toEqual(
      plain.json,
    );
  });
});

describe('clients (stores) search: empty list filters', () => {
  const path = BACKEND_ROUTES['analytics.search'].path;
  const search = async (extra: Partial<AnalyticsSearchBody>) =>
    parseData('analytics.search', await post(path, { skip: 0, limit: 10_000, ...extra }));
  type Row = Awaited<ReturnType<typeof search>>['selling_channels_analytics'][number];
  type Pick = (rows: Row[]) => { value: string | number; matches: (s: Row) => boolean };
  const field =
    (get: (s: Row) => string | number | null | undefined): Pick =>
    (rows) => {
      const value = get(rows.find((s) => get(s) != null)!)!;
      return { value, matches: (s) => get(s) === value };
    };
  const filters: [keyof AnalyticsSearchBody, Pick][] = [
    [
      'courier_keys',
      (rows) => {
        const value = rows.flatMap((s) => s.statistics.couriers).find((c) => c.courier_id)!.courier_id!;
        return { value, matches: (s) => s.statistics.couriers.some((c) => c.courier_id === value) };
      },
    ],
    ['display_priorities', field((s) => s.display_priority)],
    ['company_size', field((s) => (s.statistics.orders.size === '0' ? null : s.statistics.orders.size))],
    ['activity_status', field((s) => s.activity.status)],
    ['country_keys', field((s) => s.owner?.address?.country_code)],
  ];

  it.each(filters)('%s: [] lists the same stores as no filter, [value] narrows', async (key, pick) => {
    const all = (await search({})).selling_channels_analytics;
    const { value, matches } = pick(all);
    checkListFilter(
      all,
      (await search({ [key]: [] })).selling_channels_analytics,
      (await search({ [key]: [value] })).selling_channels_analytics,
      matches,
    );
  });

  it('statistics answer empty lists exactly as absent ones', async () => {
    const empty = Object.fromEntries(filters.map(([key]) => [key, []]));
    const plain = await post(path, { skip: 0, limit: 50 });
    expect((plain.json as { data: { count: number } }).data.count).toBeGreaterThan(0);
    expect((await post(path, { skip: 0, limit: 50, ...empty })).json).toEqual(plain.json);
  });
});
