import type { OrdersSearchBody } from '@waybill/contracts';
import { COURIER_KEYS, ORDER_STATUS_KEYS } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSnoozed } from '../src/domain/comments.js';
import type { RunningSim } from '../src/index.js';
import { compareOrders } from '../src/store.js';
import { call, EPOCH, login, parseData, startTestSim } from './helpers.js';

let sim: RunningSim;
let token: string;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH, orders: 3000 });
  token = await login(sim);
});
afterAll(() => sim.close());

const base: OrdersSearchBody = { skip: 0, limit: 10_000, managed_by: 'waybill' };
/** Whether the order's latest comment holds a snooze still in force (the Snoozed Orders filter). */
const snoozeInForce = (o: { uid: string }) => isSnoozed(sim.store.orders.get(o.uid)!, sim.store.now());

async function searchAll(body: Partial<OrdersSearchBody>) {
  return parseData(
    'orders.search',
    await call(sim, 'POST', '/orders/search', { token, body: { ...base, ...body } }),
  );
}
async function stat<N extends Parameters<typeof parseData>[0]>(
  name: N,
  suffix: string,
  body: Partial<OrdersSearchBody>,
) {
  return parseData(
    name,
    await call(sim, 'POST', `/orders/search/${suffix}`, { token, body: { ...base, ...body } }),
  );
}

describe('data set', () => {
  it('has orders in every status and with every courier key', () => {
    const statuses = new Set([...sim.store.orders.values()].map((o) => o.status));
    for (const key of ORDER_STATUS_KEYS) expect(statuses, key).toContain(key);
    const couriers = new Set([...sim.store.orders.values()].map((o) => o.courierKey));
    for (const key of COURIER_KEYS) expect(couriers, key).toContain(key);
  });

  it('has consistent history: the last history entry is the status, dates ascending', () => {
    for (const o of sim.store.orders.values()) {
      expect(o.history.at(-1)?.key).toBe(o.status);
      for (let i = 1; i < o.history.length; i++)
        expect(o.history[i]!.ms).toBeGreaterThanOrEqual(o.history[i - 1]!.ms);
      expect(o.updatedMs).toBeLessThanOrEqual(EPOCH);
    }
  });
});

describe('POST /orders/search', () => {
  it('returns orders sorted by display_priority asc then updated_at desc', async () => {
    const { orders } = await searchAll({});
    expect(orders.length).toBeGreaterThan(100);
    for (let i = 1; i < orders.length; i++) {
      const a = orders[i - 1]!;
      const b = orders[i]!;
      const ok =
        a.display_priority < b.display_priority ||
        (a.display_priority === b.display_priority && Date.parse(a.updated_at) >= Date.parse(b.updated_at));
      expect(ok, `${a.uid} before ${b.uid}`).toBe(true);
    }
  });

  it('pages with skip/limit over the same order', async () => {
    const all = (await searchAll({ limit: 60 })).orders.map((o) => o.uid);
    const page1 = (await searchAll({ skip: 0, limit: 20 })).orders.map((o) => o.uid);
    const page2 = (await searchAll({ skip: 20, limit: 20 })).orders.map((o) => o.uid);
    const page3 = (await searchAll({ skip: 40, limit: 20 })).orders.map((o) => o.uid);
    expect([...page1, ...page2, ...page3]).toEqual(all);
    const count = (await stat('orders.search.count', 'count', {})).count;
    expect((await searchAll({ skip: count - 5, limit: 20 })).orders).toHaveLength(5);
    expect((await searchAll({ skip: count + 5, limit: 20 })).orders).toHaveLength(0);
  });

  it('applies each filter', async () => {
    const sample = [...sim.store.orders.values()].find(
      (o) => o.managed_by === 'waybill' && o.courierKey && o.assigned_user_uid && o.payout?.key,
    )!;
    const checks: [
      Partial<OrdersSearchBody>,
      (o: Awaited<ReturnType<typeof searchAll>>['orders'][number]) => boolean,
    ][] = [
      [
        { selling_channels_uids: [sample.selling_channel_uid] },
        (o) => o.selling_channel_uid === sample.selling_channel_uid,
      ],
      [
        { assigned_users_uids: [sample.assigned_user_uid!] },
        (o) => o.assigned_user_uid === sample.assigned_user_uid,
      ],
      [{ courier_keys: [sample.courierKey!] }, (o) => o.aggregated_courier?.key === sample.courierKey],
      [
        { fulfillment_centers_uids: [sample.fulfillment_center_uid!] },
        (o) => o.fulfillment_center_uid === sample.fulfillment_center_uid,
      ],
      [{ display_priorities: [0, 2] }, (o) => o.display_priority === 0 || o.display_priority === 2],
      [
        { aggregated_status_keys: ['shipping_delivered', 'lost'] },
        (o) => ['shipping_delivered', 'lost'].includes(o.aggregated_status.key),
      ],
      [{ payout_keys: ['at_merchant'] }, (o) => o.payout?.status.key === 'at_merchant'],
      [{ payout_late: 'late' }, (o) => o.payout?.late.is_late === true],
      [{ payout_late: 'not_late' }, (o) => o.payout?.late.is_late !== true],
      [{ status_late: 'late' }, (o) => o.late.is_late],
      [
        { status_late: 'late', payout_late: 'late' },
        (o) => o.late.is_late || o.payout?.late.is_late === true,
      ],
      // A snooze that has run out still reads 'snoozed' (late icon) but the order is active again.
      [{ active_status: 'snoozed' }, (o) => snoozeInForce(o)],
      [{ active_status: 'active' }, (o) => !snoozeInForce(o)],
    ];
    const all = (await searchAll({})).orders;
    for (const [filter, predicate] of checks) {
      const { orders } = await searchAll(filter);
      expect(orders.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(orders.every(predicate), JSON.stringify(filter)).toBe(true);
      // Nothing that passes the predicate is left out.
      expect(orders.length, JSON.stringify(filter)).toBe(all.filter(predicate).length);
    }
  });

  it('matches a brute-force evaluation for a combined filter', async () => {
    const body: OrdersSearchBody = {
      ...base,
      display_priorities: [0, 1, 2, 3],
      courier_keys: ['cargus_ro', 'urgent_cargus', 'dpd_ro', 'sameday_ro'],
      active_status: 'active',
    };
    const { orders } = await searchAll(body);
    const now = sim.store.now();
    const expected = sim.store.sortedOrders.filter(
      (o) =>
        [0, 1, 2, 3].includes(o.display_priority) &&
        body.courier_keys!.includes(o.courierKey ?? '') &&
        !isSnoozed(o, now),
    );
    expect(orders.map((o) => o.uid)).toEqual([...expected].sort(compareOrders).map((o) => o.uid));
  });

  it('finds an order by reference, tracking number and warehouse code', async () => {
    const o = [...sim.store.orders.values()].find(
      (x) =>
        x.managed_by === 'waybill' &&
        x.tracking &&
        x.reference &&
        x.fulfillmentOrders[0]?.external_identifier,
    )!;
    for (const term of [o.reference!, o.tracking!, o.fulfillmentOrders[0]!.external_identifier!]) {
      const { orders } = await searchAll({ reference: term });
      expect(orders.map((x) => x.uid)).toContain(o.uid);
    }
  });
});

describe('statistics are consistent with the filtered set', () => {
  const filter: Partial<OrdersSearchBody> = { display_priorities: [0, 1, 2, 3], active_status: 'active' };

  it('count equals the number of matching orders', async () => {
    const { orders } = await searchAll(filter);
    expect((await stat('orders.search.count', 'count', filter)).count).toBe(orders.length);
    expect((await searchAll(filter)).count).toBe(orders.length);
  });

  it('display statistics count every priority ignoring the priority filter', async () => {
    const d = (await stat('orders.search.display_statistics', 'display_statistics', filter))
      .display_statistics;
    const none = (await stat('orders.search.count', 'count', { active_status: 'active' })).count;
    const sum = [0, 1, 2, 3, 4, 5].reduce(
      (s, p) => s + d[`display_priority_${p}` as 'display_priority_0'],
      0,
    );
    expect(sum).toBe(none);
    const p0 = (await stat('orders.search.count', 'count', { ...filter, display_priorities: [0] })).count;
    expect(d.display_priority_0).toBe(p0);
  });

  it('statuses statistics ignore the status filter and sum to the count', async () => {
    const withStatus = { ...filter, aggregated_status_keys: ['shipping_in_transit'] };
    const s = (await stat('orders.search.statuses_statistics', 'statuses_statistics', withStatus))
      .statuses_statistics;
    const total = s.reduce((sum, r) => sum + r.count, 0);
    expect(total).toBe((await stat('orders.search.count', 'count', filter)).count);
    const inTransit = s.find((r) => r.key === 'shipping_in_transit')!.count;
    expect(inTransit).toBe((await stat('orders.search.count', 'count', withStatus)).count);
  });

  it('courier, warehouse, merchant and user rows: count_general sums to the count, per-priority to the rest', async () => {
    const count = (await stat('orders.search.count', 'count', filter)).count;
    const all = (await stat('orders.search.count', 'count', { active_status: 'active' })).count;
    const results = [
      (await stat('orders.search.couriers_statistics', 'couriers_statistics', filter)).couriers_statistics,
      (await stat('orders.search.fulfillment_centers_statistics', 'fulfillment_centers_statistics', filter))
        .fulfillment_centers_statistics,
      (await stat('orders.search.selling_channels_statistics', 'selling_channels_statistics', filter))
        .selling_channels_statistics,
    ];
    for (const rows of results) {
      expect(rows.reduce((s, r) => s + r.count_general, 0)).toBe(count);
      expect(rows.reduce((s, r) => s + r.count_display_priority_all, 0)).toBe(all);
      for (const r of rows) {
        const p =
          r.count_display_priority_0 +
          r.count_display_priority_1 +
          r.count_display_priority_2 +
          r.count_display_priority_3;
        expect(p).toBe(r.count_general);
      }
    }
    const users = (await stat('orders.search.assigned_users_statistics', 'assigned_users_statistics', filter))
      .assigned_users_statistics;
    expect(users.reduce((s, r) => s + r.count_general, 0)).toBe(count);
    expect(users.some((r) => r.key === null)).toBe(true);
  });

  it('a dimension row ignores its own filter: selecting one courier keeps the other rows', async () => {
    const rows = (
      await stat('orders.search.couriers_statistics', 'couriers_statistics', {
        ...filter,
        courier_keys: ['dpd_ro'],
      })
    ).couriers_statistics;
    expect(rows.length).toBeGreaterThan(5);
    const dpd = rows.find((r) => r.key === 'dpd_ro')!;
    expect(dpd.count_general).toBe(
      (await stat('orders.search.count', 'count', { ...filter, courier_keys: ['dpd_ro'] })).count,
    );
  });

  it('active orders statistics split all into active + snoozed', async () => {
    const a = (await stat('orders.search.active_orders_statistics', 'active_orders_statistics', filter))
      .active_orders_statistics;
    expect(a.active_orders.count + a.snoozed_orders.count).toBe(a.all_orders.count);
    expect(a.active_orders.count).toBe((await stat('orders.search.count', 'count', filter)).count);
    expect(a.snoozed_orders.count).toBe(
      (await stat('orders.search.count', 'count', { ...filter, active_status: 'snoozed' })).count,
    );
    expect(a.snoozed_orders.count).toBeGreaterThan(0);
  });

  it('/orders/search carries the same statistics as the individual calls', async () => {
    const r = await searchAll(filter);
    expect(r.couriers_statistics).toEqual(
      (await stat('orders.search.couriers_statistics', 'couriers_statistics', filter)).couriers_statistics,
    );
    expect(r.active_orders_statistics).toEqual(
      (await stat('orders.search.active_orders_statistics', 'active_orders_statistics', filter))
        .active_orders_statistics,
    );
  });

  it('/orders/search/filter returns the page and its orders’ comments', async () => {
    const data = parseData(
      'orders.search.filter',
      await call(sim, 'POST', '/orders/search/filter', { token, body: { ...base, limit: 200 } }),
    );
    const uids = new Set(data.orders.map((o) => o.uid));
    expect(data.comments.length).toBe(data.orders.reduce((s, o) => s + o.comments.count_, 0));
    expect(data.comments.every((c) => uids.has(c.entity.data.uid))).toBe(true);
  });
});
