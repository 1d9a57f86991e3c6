import { isDoneStatus } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryNotificationStore } from '../../src/notifications/notification-store.js';
import { CENTRE_PUSH_INTERVAL_MS } from '../../src/notifications/settled-updates.js';
import { HOLDER_TOLD_WINDOW_MS } from '../../src/team/record.js';
import { watchNotifications } from '../collaboration/watchers.js';
import { type Client, eventually, polledOrders, type Stack, startStack } from '../realtime/harness.js';

describe("how often a colleague's changes reach the holder of an order (real HTTP and websockets, backend-sim)", {
  timeout: 60_000,
}, () => {
  let stack: Stack;
  let a: { client: Client; token: string };
  let b: { client: Client; token: string };
  let holderUid: string;
  let open: string[];

  beforeAll(async () => {
    stack = await startStack();
    a = await stack.signIn('ops@example.com');
    b = await stack.signIn('dev@example.com');
    holderUid = (await a.client.users.me.query()).user.uid;
    const search = await a.client.orders.search.query({ filter: {}, window: { skip: 0, limit: 100 } });
    const orders = polledOrders(search.orders);
    open = orders.filter((o) => !isDoneStatus(o.aggregated_status.key)).map((o) => o.uid);
    expect(open.length).toBeGreaterThan(22);
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  const centre = () => stack.app.services.collaboration.notifications as MemoryNotificationStore;
  const toldOf = async (uid: string) =>
    (await centre().state(holderUid)).items.filter((n) => n.orderUid === uid).map((n) => n.text);
  const happenedAt = () => new Date(Date.now() - 60_000).toISOString();

  it('a colleague changing a held order again and again tells its holder once a minute', async () => {
    const uid = open[0]!;
    await a.client.orders.take.mutate({ uid });
    await b.client.orders.changeStatus.mutate({
      orderUid: uid,
      status: 'shipping_in_transit',
      happenedAt: happenedAt(),
    });
    await b.client.orders.comments.add.mutate({ orderUid: uid, text: 'Courier called' });
    await b.client.orders.comments.add.mutate({
      orderUid: uid,
      text: 'Courier called again',
      escalate: true,
      team: 'development',
    });
    const told = await toldOf(uid);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^On an order you hold, Dan Developer changed the status from .+ to In Transit$/);
    // Every change is on the record all the same.
    expect((await a.client.activity.forOrder.query({ uid })).entries.map((e) => e.action)).toEqual([
      'escalation',
      'comment',
      'comment',
      'status',
      'take',
    ]);

    const realNow = centre().now;
    try {
      centre().now = () => realNow() + HOLDER_TOLD_WINDOW_MS;
      await b.client.orders.comments.add.mutate({ orderUid: uid, text: 'Parcel collected' });
    } finally {
      centre().now = realNow;
    }
    expect((await toldOf(uid))[0]).toBe('On an order you hold, Dan Developer commented');
  });

  it('a status set to the one the order had tells the holder nothing', async () => {
    const uid = open[1]!;
    await a.client.orders.take.mutate({ uid });
    // The holder's own change tells nobody; the colleague's same change then changes nothing.
    const status = 'shipping_in_transit';
    await a.client.orders.changeStatus.mutate({ orderUid: uid, status, happenedAt: happenedAt() });
    await b.client.orders.changeStatus.mutate({ orderUid: uid, status, happenedAt: happenedAt() });
    expect((await a.client.activity.forOrder.query({ uid })).entries[0]).toMatchObject({
      action: 'status',
      from: status,
      to: status,
    });
    expect(await toldOf(uid)).toEqual([]);
  });

  it("a colleague's bulk change to twenty held orders reaches the holder's open centre in a few pushes, not one per order", async () => {
    const held = open.slice(2, 22);
    for (const uid of held) await a.client.orders.take.mutate({ uid });
    const watch = watchNotifications(a.client);
    await eventually('the centre', () => watch.latest);
    const before = watch.all.length;
    await b.client.orders.bulk.mutate({
      action: { kind: 'comment', text: 'Checked in bulk' },
      orderUids: held,
    });
    await eventually(
      'all twenty told',
      () => watch.latest?.items.filter((n) => held.includes(n.orderUid)).length === held.length,
    );
    // At most one push per CENTRE_PUSH_INTERVAL_MS however long the run took (a busy machine is
    // slower, not wrong): one at once, one per interval, one at the end, and one of slack for the
    // network's jitter. Without the throttle each order's notice is a push of its own.
    const arrived = watch.at.slice(before);
    const span = arrived.at(-1)! - arrived[0]!;
    expect(arrived.length).toBeLessThanOrEqual(3 + Math.floor(span / CENTRE_PUSH_INTERVAL_MS));
    watch.stop();
  });
});
