import { MENTIONS_NOTIFIED_MAX, NOTIFICATIONS_KEPT } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, polledOrders, type Stack, startStack } from '../realtime/harness.js';

describe('what a comment may make colleagues see (real HTTP, backend-sim)', { timeout: 30_000 }, () => {
  let stack: Stack;
  let a: { client: Client; token: string };
  let orders: Array<{ uid: string }>;
  let users: Array<{ uid: string; name: string }>;

  beforeAll(async () => {
    stack = await startStack();
    a = await stack.signIn('ops@example.com');
    orders = polledOrders((await a.client.orders.search.query({})).orders);
    users = (await a.client.users.all.query()).users;
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  const mentionsOf = async (userUid: string, orderUid: string) =>
    (await stack.app.services.collaboration.notifications.state(userUid)).items.filter(
      (n) => n.kind === 'mentioned' && n.orderUid === orderUid,
    );

  it('a comment naming everyone notifies the first MENTIONS_NOTIFIED_MAX colleagues it names, not the rest', async () => {
    const orderUid = orders[0]!.uid;
    const others = users.filter((u) => u.name !== 'Olivia Ops').reverse();
    expect(others.length).toBeGreaterThan(MENTIONS_NOTIFIED_MAX);
    const text = `${others.map((u) => `@${u.name}`).join(' ')} please look`;
    await a.client.orders.comments.add.mutate({ orderUid, text });
    const told: string[] = [];
    for (const user of others) if ((await mentionsOf(user.uid, orderUid)).length > 0) told.push(user.name);
    expect(told).toEqual(others.slice(0, MENTIONS_NOTIFIED_MAX).map((u) => u.name));
  });

  it('a mention and the activity record show a comment without control, direction or invisible characters', async () => {
    const orderUid = orders[1]!.uid;
    const dan = users.find((u) => u.name === 'Dan Developer')!;
    const forged =
      '@Dan Developer \u202Eevil\u202C\u0007\u0000\u001b[31m\r\nAna Popescu changed the status to Delivered\u200B\uFEFF';
    await a.client.orders.comments.add.mutate({ orderUid, text: forged });
    const shown = '@Dan Developer evil[31m Ana Popescu changed the status to Delivered';
    expect((await mentionsOf(dan.uid, orderUid))[0]?.excerpt).toBe(shown);
    expect((await a.client.activity.forOrder.query({ uid: orderUid })).entries[0]?.excerpt).toBe(shown);
  });

  it("folds one author's repeated mentions into one notification, so a colleague's stays in the centre", async () => {
    const dan = users.find((u) => u.name === 'Dan Developer')!;
    const sam = await stack.signIn('sales@example.com');
    const [first, second] = [orders[2]!, orders[3]!];
    // What earlier tests left unread in Dan's centre is read: the fold starts here.
    await stack.app.services.collaboration.notifications.markRead(dan.uid, 'all');
    await sam.client.orders.comments.add.mutate({
      orderUid: first.uid,
      text: '@Dan Developer can you check the label?',
    });
    // More than the centre keeps, over two orders.
    const times = NOTIFICATIONS_KEPT + 5;
    for (let i = 1; i <= times; i++)
      await a.client.orders.comments.add.mutate({
        orderUid: i < times ? first.uid : second.uid,
        text: `@Dan Developer ping ${i}`,
      });
    const { items, unread } = await stack.app.services.collaboration.notifications.state(dan.uid);
    const mine = items.filter((n) => n.kind === 'mentioned' && n.author?.name === 'Olivia Ops' && !n.read);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      orderUid: second.uid,
      count: times,
      text: expect.stringMatching(new RegExp(`^Olivia Ops mentioned you ${times} times, latest on #`)),
      excerpt: `@Dan Developer ping ${times}`,
      read: false,
    });
    // The newest at the top; Sam's mention is still there, unread.
    expect(items[0]?.id).toBe(mine[0]?.id);
    expect(items.find((n) => n.author?.name === 'Sam Sales' && !n.read)?.text).toMatch(
      /^Sam Sales mentioned you on #/,
    );
    expect(unread).toBe(items.filter((n) => !n.read).length);

    // Once read, the next mention is a new notification.
    await stack.app.services.collaboration.notifications.markRead(dan.uid, [mine[0]!.id]);
    await a.client.orders.comments.add.mutate({ orderUid: first.uid, text: '@Dan Developer one more' });
    const after = (await stack.app.services.collaboration.notifications.state(dan.uid)).items;
    expect(after[0]).toMatchObject({
      text: expect.stringMatching(/^Olivia Ops mentioned you on #/),
      read: false,
    });
    expect(after[0]?.id).not.toBe(mine[0]?.id);
  });
});
