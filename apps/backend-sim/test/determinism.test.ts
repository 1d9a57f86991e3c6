import { describe, expect, it } from 'vitest';
import { buildSimApp } from '../src/index.js';
import { wireInbound, wireOrder, wireStore } from '../src/wire.js';
import { EPOCH } from './helpers.js';

function snapshot(seed: string) {
  const app = buildSimApp({ seed, epoch: EPOCH, orders: 800, inbounds: 100, stores: 60 });
  const { store } = app.sim;
  const now = store.now.bind(store);
  void now;
  return {
    users: store.users,
    organizations: store.organizations,
    channels: store.channels,
    centers: store.fulfillmentCenters,
    orders: store.sortedOrders.map((o) => wireOrder(store, o, EPOCH)),
    comments: [...store.comments.values()].map((c) => c.uid),
    inbounds: [...store.inbounds.values()].map(wireInbound),
    stores: store.stores.map(wireStore),
  };
}

describe('determinism', () => {
  it('same SEED (and epoch) gives the same data set', () => {
    const a = snapshot('alpha');
    const b = snapshot('alpha');
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.orders).toHaveLength(800);
  });

  it('another SEED gives another data set', () => {
    const a = snapshot('alpha');
    const c = snapshot('beta');
    expect(c.orders.map((o) => o.uid)).not.toEqual(a.orders.map((o) => o.uid));
  });

  it('the simulator is deterministic too', () => {
    const run = () => {
      const app = buildSimApp({
        seed: 'gamma',
        epoch: EPOCH,
        orders: 500,
        inbounds: 50,
        stores: 20,
        now: () => EPOCH + 1000,
      });
      const ticks = [app.sim.control.tick(), app.sim.control.tick(), app.sim.control.tick()];
      return ticks.map((t) => ({
        ...t,
        statuses: t.changedOrders.map((uid) => app.sim.store.orders.get(uid)!.status),
      }));
    };
    expect(run()).toEqual(run());
  });
});
