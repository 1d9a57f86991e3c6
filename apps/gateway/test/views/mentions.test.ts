import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchNotifications } from '../collaboration/watchers.js';
import { type Client, eventually, polledOrders, type Stack, startStack } from '../realtime/harness.js';

describe('@mentions and who a notification names (real HTTP and websockets, backend-sim)', {
  timeout: 30_000,
}, () => {
  let stack: Stack;
  let a: { client: Client; token: string };
  let b: { client: Client; token: string };
  let radu: { client: Client; token: string };
  let orders: Array<{ uid: string; reference: string | null }>;
  const uidOf = async (client: Client) => (await client.users.me.query()).user.uid;
  const centreOf = async (client: Client) =>
    stack.app.services.collaboration.notifications.state(await uidOf(client));

  beforeAll(async () => {
    stack = await startStack();
    a = await stack.signIn('ops@example.com');
    b = await stack.signIn('dev@example.com');
    radu = await stack.signIn('radu.stan@example.com');
    orders = polledOrders((await a.client.orders.search.query({})).orders);
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('a comment mentioning B notifies B, naming its author, the order and its first words; nobody else', async () => {
    const order = orders[0]!;
    const centre = watchNotifications(b.client);
    await eventually('centre', () => centre.latest);
    const before = {
      a: (await centreOf(a.client)).items.length,
      radu: (await centreOf(radu.client)).items.length,
    };
    const text = `@Dan Developer can you look at the label? ${'The courier refused it twice. '.repeat(8)}`;
    await a.client.orders.comments.add.mutate({ orderUid: order.uid, text });

    const item = await eventually('mention', () => centre.latest?.items.find((i) => i.kind === 'mentioned'));
    expect(item).toMatchObject({
      kind: 'mentioned',
      orderUid: order.uid,
      text: `Olivia Ops mentioned you on #${order.reference!.replace(/^#/, '')}`,
      author: { uid: await uidOf(a.client), name: 'Olivia Ops' },
      read: false,
    });
    expect(item.excerpt!.startsWith('@Dan Developer can you look at the label?')).toBe(true);
    expect(item.excerpt!.length).toBeLessThanOrEqual(120);
    // The author and an unmentioned colleague get nothing (mentions are notified before the answer).
    expect((await centreOf(a.client)).items.length).toBe(before.a);
    expect((await centreOf(radu.client)).items.length).toBe(before.radu);
    centre.stop();
  });

  it('a comment without "@" reads no user list; one mentioning only its author notifies nobody', async () => {
    stack.sim.control.resetCallCounts();
    await a.client.orders.comments.add.mutate({ orderUid: orders[1]!.uid, text: 'No mention here' });
    expect(stack.sim.control.callCounts()['/users/all'] ?? 0).toBe(0);
    const before = (await centreOf(a.client)).items.length;
    await a.client.orders.comments.add.mutate({ orderUid: orders[1]!.uid, text: 'note to @Olivia Ops' });
    expect((await centreOf(a.client)).items.length).toBe(before);
  });

  it("a followed order's new comment names its author and shows the comment's first words", async () => {
    const order = orders[2]!;
    const centre = watchNotifications(b.client);
    await eventually('centre', () => centre.latest);
    await b.client.notifications.follow.mutate({ orderUid: order.uid, follow: true });
    await a.client.orders.comments.add.mutate({ orderUid: order.uid, text: 'Parcel found at the depot' });
    const item = await eventually(
      'follow notification',
      () => centre.latest?.items.find((i) => i.kind === 'changed' && i.orderUid === order.uid),
      10_000,
    );
    expect(item.author?.name).toBe('Olivia Ops');
    expect(item.excerpt).toBe('Parcel found at the depot');
    expect(item.text).toContain('New comment');
    centre.stop();
  });
});
