import { ORDER_STATISTICS_CALLS, type OrdersSearchBody } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../src/index.js';
import { compareOrders } from '../src/store.js';
import { call, EPOCH, login, parseData, startTestSim } from './helpers.js';

// Rule: managed_by is never a row filter of a search. The list shows orders managed by others
// too, and the provider marker reads each row's managed_by. Only the change poll narrows by it.

let sim: RunningSim;
let token: string;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH, orders: 1500 });
  token = await login(sim);
});
afterAll(() => sim.close());

const base: OrdersSearchBody = { skip: 0, limit: 10_000, managed_by: 'waybill' };
const post = (path: string, body: unknown, bearer = token) =>
  call(sim, 'POST', path, { token: bearer, body });
const search = async (extra: Partial<OrdersSearchBody> = {}) =>
  parseData('orders.search', await post('/orders/search', { ...base, ...extra }));
const at = (ms: number) => new Date(ms).toISOString();

describe('managed_by in order search', () => {
  it('lists every order whatever its manager, each row carrying its managed_by', async () => {
    const { orders, count } = await search();
    const expected = [...sim.store.sortedOrders].sort(compareOrders);
    expect(orders.map((o) => o.uid)).toEqual(expected.map((o) => o.uid));
    expect(count).toBe(sim.store.orders.size);
    const managers = new Set(orders.map((o) => o.managed_by));
    expect(managers).toContain('waybill');
    expect(managers).toContain('merchant');
    for (const o of orders) expect(o.managed_by).toBe(sim.store.orders.get(o.uid)!.managed_by);
  });

  it('answers every search route the same whatever managed_by is sent', async () => {
    const routes = [
      '/orders/search',
      '/orders/search/filter',
      ...Object.keys(ORDER_STATISTICS_CALLS).map((name) => `/orders/search/${name}`),
    ];
    const filter = { limit: 40, display_priorities: [0, 1, 2, 3], active_status: 'active' };
    for (const path of routes) {
      const ours = await post(path, { ...base, ...filter });
      expect(ours.status, path).toBe(200);
      for (const managedBy of ['merchant', 'someone-else']) {
        expect((await post(path, { ...base, ...filter, managed_by: managedBy })).json, path).toEqual(
          ours.json,
        );
      }
    }
  });

  it('other providers’ orders count in the statistics', async () => {
    const merchant = [...sim.store.orders.values()].filter((o) => o.managed_by === 'merchant');
    expect(merchant.length).toBeGreaterThan(0);
    const channel = merchant[0]!.selling_channel_uid;
    const inChannel = [...sim.store.orders.values()].filter((o) => o.selling_channel_uid === channel);
    const rows = parseData(
      'orders.search.selling_channels_statistics',
      await post('/orders/search/selling_channels_statistics', base),
    ).selling_channels_statistics;
    expect(rows.find((r) => r.key === channel)!.count_display_priority_all).toBe(inChannel.length);
  });

  it('an order handed to another provider stays listed with the new managed_by; /changes leaves it out', async () => {
    const order = [...sim.store.orders.values()].find((o) => o.managed_by === 'waybill' && o.reference)!;
    const t = EPOCH + 500 * 86_400_000;
    sim.control.changeOrder(order.uid, { managed_by: 'other-provider', updated_at: at(t) });
    const found = (await search({ reference: order.uid })).orders.find((o) => o.uid === order.uid);
    expect(found?.managed_by).toBe('other-provider');
    const window = { updated_at_start: at(t), updated_at_end: at(t + 1) };
    const changes = async (managedBy: string) =>
      parseData(
        'changes',
        await post('/changes', { orders: { managed_by: managedBy, ...window } }, 'dev-service-token'),
      ).orders.map((o) => o.uid);
    expect(await changes('waybill')).toEqual([]);
    expect(await changes('other-provider')).toEqual([order.uid]);
  });
});
