import { ESCALATION_MINUTES } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsText } from '../helpers.js';
import {
  type Client,
  createClient,
  eventually,
  polledOrders,
  type Stack,
  startStack,
} from '../realtime/harness.js';
import { holdPresence, watchNotifications, watchPresence } from './watchers.js';

/** Short, so a half-open socket's presence is seen going within a test's time. */
const PRESENCE_TTL_MS = 2_000;

describe('presence and notifications on one replica (real websockets, backend-sim)', {
  timeout: 30_000,
}, () => {
  let stack: Stack;
  let a: { client: Client; token: string };
  let b: { client: Client; token: string };
  let orderUids: string[];

  beforeAll(async () => {
    stack = await startStack({
      PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
      PRESENCE_ORDERS_PER_SESSION: '2',
      PRESENCE_VIEWERS_PER_ORDER: '1',
      FOLLOWS_PER_USER: '2',
    });
    a = await stack.signIn('ops@example.com');
    b = await stack.signIn('dev@example.com');
    orderUids = polledOrders((await a.client.orders.search.query({})).orders).map((o) => o.uid);
    expect(orderUids.length).toBeGreaterThan(5);
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  /** A value on /metrics (the first line starting with `name`). */
  const metric = async (name: string) => {
    const text = await metricsText(stack.url);
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ').at(-1)) : null;
  };

  it("B sees A's presence and typing on an order, never its own, and it goes when A's socket closes", async () => {
    const order = orderUids[0]!;
    const watchB = watchPresence(b.client);
    const socketA = createClient(stack.url, a.token);
    const tabA = socketA.client;
    const watchA = watchPresence(tabA);
    const here = holdPresence(tabA, order);
    await eventually('A announced', () => here.latest?.held);
    const viewers = await eventually('B sees A', () => watchB.latest?.orders[order]);
    expect(viewers).toEqual([{ uid: expect.any(String), name: 'Olivia Ops', typing: false }]);

    // Typing is a new announcement with typing on, the old one stopped: B sees typing.
    const typing = holdPresence(tabA, order, true);
    await eventually('typing held', () => typing.latest?.held);
    here.stop();
    await eventually('B sees A typing', () => watchB.latest?.orders[order]?.[0]?.typing === true);

    // A's own watch leaves A out; B holding the order shows up there.
    const hereB = holdPresence(b.client, orderUids[1]!);
    await eventually('A sees B', () => watchA.latest?.orders[orderUids[1]!]?.[0]?.name === 'Dan Developer');
    expect(watchA.latest?.orders[order]).toBeUndefined();

    // Closing A's websocket (a closed tab) removes A at once.
    const closedAt = Date.now();
    const made = stack.app.services.collaboration.presence;
    expect(made.localCount()).toBe(2);
    expect(await metric('waybill_presence_entries')).toBe(2);
    socketA.close();
    await eventually('A gone for B', () => watchB.latest && !watchB.latest.orders[order], 10_000);
    expect(Date.now() - closedAt).toBeLessThan(10_000);
    hereB.stop();
    watchB.stop();
    watchA.stop();
    await eventually('nothing held', () => made.localCount() === 0);
  });

  it("a tab whose socket goes half-open leaves B's presence within PRESENCE_TTL_MS, not at tRPC's keep-alive", async () => {
    const order = orderUids[2]!;
    const watchB = watchPresence(b.client);
    // A's socket never answers websocket pings (a laptop that lost its network, as the server sees
    // it); once the server closes it, A stays away, as a tab without a network cannot reconnect.
    let closedAt = 0;
    const silent = createClient(stack.url, a.token, {
      answerPings: false,
      onClose: () => {
        closedAt ||= Date.now();
        silent.close();
      },
    });
    const here = holdPresence(silent.client, order);
    await eventually('B sees A', () => watchB.latest?.orders[order]?.length === 1);
    const heldAt = Date.now();
    await eventually('A gone for B', () => watchB.latest && !watchB.latest.orders[order], 10_000);
    // The server closed A's socket within two probe intervals (half the TTL each), far below
    // WS_PING_MS + WS_PONG_WAIT_MS (35 s).
    expect(closedAt).toBeGreaterThan(0);
    expect(closedAt - heldAt).toBeLessThan(PRESENCE_TTL_MS + 1_000);
    here.stop();
    watchB.stop();
  });

  it('a tab that answers its pings keeps its presence past the TTL', async () => {
    const order = orderUids[3]!;
    const watchB = watchPresence(b.client);
    const tab = createClient(stack.url, a.token);
    const here = holdPresence(tab.client, order);
    await eventually('B sees A', () => watchB.latest?.orders[order]?.length === 1);
    // Twice the TTL has to pass: without the pings' renewals the presence would be gone by then.
    await new Promise((resolve) => setTimeout(resolve, PRESENCE_TTL_MS * 2));
    // A's presence on another order, from another socket: a removal made before it reaches B first.
    const marker = orderUids[8]!;
    const later = holdPresence(a.client, marker);
    await eventually('B sees the later presence', () => watchB.latest?.orders[marker]?.length === 1);
    expect(watchB.latest?.orders[order]?.length).toBe(1);
    here.stop();
    later.stop();
    await eventually(
      'A gone for B',
      () => watchB.latest && !watchB.latest.orders[order] && !watchB.latest.orders[marker],
    );
    tab.close();
    watchB.stop();
  });

  it('caps orders per session and viewers per order with TOO_MANY_REQUESTS naming the variable', async () => {
    const [x, y, z] = orderUids.slice(2, 5) as [string, string, string];
    const one = holdPresence(a.client, x);
    const two = holdPresence(a.client, y);
    await eventually('two held', () => one.latest?.held && two.latest?.held);
    const three = holdPresence(a.client, z);
    const tooMany = await eventually('third refused', () => three.errors[0]);
    expect(tooMany.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', limit: 'PRESENCE_ORDERS_PER_SESSION' });
    expect(tooMany.message).toContain('PRESENCE_ORDERS_PER_SESSION');
    // One viewer per order here: B on x is refused, while A's own second tab on x is not.
    const bOnX = holdPresence(b.client, x);
    const refused = await eventually('B refused on x', () => bOnX.errors[0]);
    expect(refused.message).toContain('PRESENCE_VIEWERS_PER_ORDER');
    expect(refused.data).toMatchObject({ limit: 'PRESENCE_VIEWERS_PER_ORDER' });
    const again = holdPresence(a.client, x);
    await eventually('A again on x', () => again.latest?.held);
    for (const w of [one, two, three, bOnX, again]) w.stop();
  });

  it('a follower gets a notification for a change to the order; read marks and the centre survive a reconnect', async () => {
    const order = orderUids[5]!;
    const centre = watchNotifications(b.client);
    await eventually('initial centre', () => centre.latest);
    const before = centre.latest!.items.length;
    expect(await b.client.notifications.follow.mutate({ orderUid: order, follow: true })).toEqual({
      following: true,
    });
    expect(await b.client.notifications.following.query({ orderUid: order })).toEqual({ following: true });

    // B's own change tells B nothing; A's change after it is the one notification (events are handled in order).
    await b.client.orders.comments.add.mutate({ orderUid: order, text: 'I will call the courier' });
    await a.client.orders.comments.add.mutate({
      orderUid: order,
      text: 'Courier called, parcel is on its way',
    });
    const state = await eventually(
      'notification',
      () => (centre.latest && centre.latest.items.length > before ? centre.latest : undefined),
      10_000,
    );
    const item = state.items[0]!;
    expect(item).toMatchObject({ kind: 'changed', orderUid: order, read: false });
    expect(item.text).toContain('New comment');
    expect(await metric('waybill_notifications_created_total{kind="changed"}')).toBeGreaterThanOrEqual(1);
    expect(state.unread).toBeGreaterThan(0);

    // Both changes were handled (each mutation published its change before answering); the centre
    // B gets after the read mark below holds every notification they made.
    await stack.app.services.collaboration.notifier.idle();
    await b.client.notifications.markRead.mutate({ ids: [item.id] });
    await eventually('read', () => centre.latest?.items.find((i) => i.id === item.id)?.read);
    expect(centre.latest!.items.length).toBe(before + 1);

    // Another tab (a reload) gets the same centre; resuming from the newest id gets nothing new.
    const reload = watchNotifications(stack.tab(b.token));
    await eventually('reloaded centre', () => reload.latest);
    expect(reload.latest).toEqual(centre.latest);
    const resumed = watchNotifications(stack.tab(b.token), centre.ids.at(-1));
    // A later change's notification is the first thing the resumed centre gets: nothing came before it.
    const seen = centre.latest!.items.length;
    await a.client.orders.comments.add.mutate({ orderUid: order, text: 'Courier confirmed the pickup' });
    await eventually(
      'the later notification on the resumed centre',
      () => (resumed.latest?.items.length ?? 0) > seen,
    );
    expect(resumed.all).toHaveLength(1);
    await eventually('the later notification on the centre', () => centre.latest!.items.length > seen);

    await b.client.notifications.markAllRead.mutate();
    await eventually('all read', () => centre.latest?.unread === 0);
    // Unfollowed: the next change makes no notification.
    await b.client.notifications.follow.mutate({ orderUid: order, follow: false });
    const count = centre.latest!.items.length;
    const created = await metric('waybill_notifications_created_total{kind="changed"}');
    await a.client.orders.comments.add.mutate({ orderUid: order, text: 'Second call made to the courier' });
    // The mutation published its change before answering: once it is handled, nothing was made for it.
    await stack.app.services.collaboration.notifier.idle();
    expect(await metric('waybill_notifications_created_total{kind="changed"}')).toBe(created);
    expect(centre.latest!.items.length).toBe(count);
    for (const w of [centre, reload, resumed]) w.stop();
  });

  it("a comment escalated to a team reaches that team's members who opened the console, not its author", async () => {
    const order = orderUids[6]!;
    // Radu Stan and Dan Developer are both in development; Radu writes the comment.
    const radu = await stack.signIn('radu.stan@example.com');
    const dev = watchNotifications(b.client);
    const author = watchNotifications(radu.client);
    const ops = watchNotifications(a.client);
    await eventually('centres', () => dev.latest && author.latest && ops.latest);
    const before = {
      dev: dev.latest!.items.length,
      author: author.latest!.items.length,
      ops: ops.latest!.items.length,
    };
    await radu.client.orders.comments.add.mutate({
      orderUid: order,
      text: 'Label reissue fails, please check',
      escalate: true,
      escalateValue: ESCALATION_MINUTES,
      team: 'development',
    });
    const state = await eventually(
      'escalation',
      () => (dev.latest && dev.latest.items.length > before.dev ? dev.latest : undefined),
      10_000,
    );
    expect(state.items[0]).toMatchObject({ kind: 'escalated', orderUid: order });
    expect(state.items[0]!.text).toBe('New comment escalated to development by Radu Stan');
    await stack.app.services.collaboration.notifier.idle();
    // Not the author (same team), not another team.
    expect(author.latest!.items.length).toBe(before.author);
    expect(ops.latest!.items.length).toBe(before.ops);
    for (const w of [dev, author, ops]) w.stop();
  });

  it('caps the orders one user follows at FOLLOWS_PER_USER; unfollowing makes room', async () => {
    const [x, y, z] = orderUids.slice(7, 10) as [string, string, string];
    await a.client.notifications.follow.mutate({ orderUid: x, follow: true });
    await a.client.notifications.follow.mutate({ orderUid: y, follow: true });
    // Following again what is followed already is not one more.
    await a.client.notifications.follow.mutate({ orderUid: y, follow: true });
    const refused = await a.client.notifications.follow
      .mutate({ orderUid: z, follow: true })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ data: { code: 'TOO_MANY_REQUESTS', limit: 'FOLLOWS_PER_USER' } });
    expect((refused as Error).message).toContain('at most 2');
    // Per user: another user follows z freely.
    await b.client.notifications.follow.mutate({ orderUid: z, follow: true });
    await a.client.notifications.follow.mutate({ orderUid: x, follow: false });
    await a.client.notifications.follow.mutate({ orderUid: z, follow: true });
    expect(await a.client.notifications.following.query({ orderUid: z })).toEqual({ following: true });
    expect(await a.client.notifications.following.query({ orderUid: x })).toEqual({ following: false });
  });

  it('refuses to follow an order the backend does not know, and bad input with a clear message', async () => {
    await expect(
      b.client.notifications.follow.mutate({ orderUid: 'ord_does_not_exist', follow: true }),
    ).rejects.toThrow();
    await expect(b.client.notifications.markRead.mutate({ ids: [] })).rejects.toThrow(/Invalid input/);
  });
});
