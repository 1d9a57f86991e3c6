import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../src/index.js';
import { call, EPOCH, errorOf, login, parseData, startTestSim } from './helpers.js';

let sim: RunningSim;
let token: string;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH, orders: 1500 });
  token = await login(sim);
});
afterAll(() => sim.close());

const at = (ms: number) => new Date(ms).toISOString();
async function changes(start: number, end: number, extra: Record<string, unknown> = {}) {
  const res = await call(sim, 'POST', '/changes', {
    token: 'dev-service-token',
    body: {
      orders: { managed_by: 'waybill', updated_at_start: at(start), updated_at_end: at(end), ...extra },
    },
  });
  return parseData('changes', res).orders;
}

describe('POST /changes', () => {
  it('returns exactly the orders with updated_at in [start, end)', async () => {
    const t = EPOCH + 365 * 86_400_000; // far from generated data
    const waybill = [...sim.store.orders.values()].filter((o) => o.managed_by === 'waybill').slice(0, 3);
    sim.control.changeOrder(waybill[0]!.uid, { updated_at: at(t) });
    sim.control.changeOrder(waybill[1]!.uid, { updated_at: at(t + 1000) });
    sim.control.changeOrder(waybill[2]!.uid, { updated_at: at(t + 2000) });
    expect((await changes(t, t + 2000)).map((o) => o.uid)).toEqual([waybill[0]!.uid, waybill[1]!.uid]);
    expect((await changes(t + 1, t + 2001)).map((o) => o.uid)).toEqual([waybill[1]!.uid, waybill[2]!.uid]);
    expect(await changes(t + 3000, t + 9000)).toEqual([]);
    // Timestamps without a zone are UTC.
    const res = await call(sim, 'POST', '/changes', {
      token,
      body: {
        orders: {
          managed_by: 'waybill',
          updated_at_start: at(t).replace('Z', ''),
          updated_at_end: at(t + 1).replace(/\.\d+Z$/, '.001'),
        },
      },
    });
    expect(parseData('changes', res).orders.map((o) => o.uid)).toEqual([waybill[0]!.uid]);
  });

  it('matches managed_by and the narrowing fields', async () => {
    const t = EPOCH + 400 * 86_400_000;
    const merchantOrder = [...sim.store.orders.values()].find((o) => o.managed_by === 'merchant')!;
    const ours = [...sim.store.orders.values()].find((o) => o.managed_by === 'waybill' && o.courierKey)!;
    sim.control.changeOrder(merchantOrder.uid, { updated_at: at(t) });
    sim.control.changeOrder(ours.uid, { updated_at: at(t + 10) });
    expect((await changes(t, t + 100)).map((o) => o.uid)).toEqual([ours.uid]);
    const res = await call(sim, 'POST', '/changes', {
      token,
      body: { orders: { managed_by: 'merchant', updated_at_start: at(t), updated_at_end: at(t + 100) } },
    });
    expect(parseData('changes', res).orders.map((o) => o.uid)).toEqual([merchantOrder.uid]);
    expect(await changes(t, t + 100, { courier_keys: [ours.courierKey] })).toHaveLength(1);
    expect(await changes(t, t + 100, { courier_keys: ['nope'] })).toHaveLength(0);
    expect(await changes(t, t + 100, { statuses: [ours.status] })).toHaveLength(1);
    expect(await changes(t, t + 100, { display_priorities: [ours.display_priority] })).toHaveLength(1);
    expect(await changes(t, t + 100, { selling_channels_uids: [ours.selling_channel_uid] })).toHaveLength(1);
    expect(await changes(t, t + 100, { fulfillment_centers_uids: ['fc_none'] })).toHaveLength(0);
    expect(await changes(t, t + 100, { reference: ours.uid })).toHaveLength(1);
  });

  it('sees changes made through the API and the simulator (updated_at bumped to now)', async () => {
    const before = sim.store.now();
    const result = sim.control.tick();
    const changed = await changes(before - 1, sim.store.now() + 60_000);
    const changedUids = new Set(changed.map((o) => o.uid));
    const ours = [...result.changedOrders, ...result.addedOrders].filter(
      (uid) => sim.store.orders.get(uid)!.managed_by === 'waybill',
    );
    for (const uid of ours) expect(changedUids).toContain(uid);
    expect(result.changedOrders.length).toBeGreaterThan(0);
  });

  it('requires a token and a valid body', async () => {
    expect((await call(sim, 'POST', '/changes', { body: {} })).status).toBe(401);
    const res = await call(sim, 'POST', '/changes', {
      token,
      body: { orders: { managed_by: 'waybill', updated_at_start: 'x' } },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields!.some((f) => f.path === 'orders.updated_at_end')).toBe(true);
  });
});
