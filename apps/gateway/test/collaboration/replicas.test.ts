import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, eventually, polledOrders } from '../realtime/harness.js';
import { type Replica, type ReplicaStack, STACK_START_MS, startReplicaStack } from '../scale/replicas.js';
import { holdPresence, watchNotifications, watchPresence } from './watchers.js';

const TTL_MS = 3000;

describe('presence and notifications across gateway replicas on one Redis', { timeout: 40_000 }, () => {
  let stack: ReplicaStack;
  let replicas: Replica[] = [];
  const closers: Array<() => void> = [];
  const client = (replica: Replica, token?: string) => {
    const made = createClient(replica.url, token);
    closers.push(made.close);
    return made;
  };
  const signIn = async (replica: Replica, email: string) => {
    const { token } = await client(replica).client.auth.passwordLogin.mutate({
      email,
      password: 'waybill-demo',
      bearer: true,
    });
    return token!;
  };

  beforeAll(async () => {
    stack = await startReplicaStack({
      names: ['one', 'two', 'doomed'],
      env: { CHANGE_POLL_MS: '200', POLL_LEASE_MS: '2000', PRESENCE_TTL_MS: String(TTL_MS) },
    });
    ({ replicas } = stack);
  }, STACK_START_MS);

  afterAll(async () => {
    for (const close of closers) close();
    await stack?.close();
  });

  it("B on one replica sees A's presence from another, gone when A's socket closes or A's replica dies", async () => {
    const [one, two, doomed] = replicas as [Replica, Replica, Replica];
    const tokenA = await signIn(one, 'ops@example.com');
    const tokenB = await signIn(two, 'dev@example.com');
    const orders = polledOrders((await client(one, tokenA).client.orders.search.query({})).orders);
    const [x, y] = [orders[0]!.uid, orders[1]!.uid];

    const watchB = watchPresence(client(two, tokenB).client);
    const tabA = client(one, tokenA);
    const here = holdPresence(tabA.client, x, true);
    await eventually('held', () => here.latest?.held);
    const seen = await eventually('B sees A across replicas', () => watchB.latest?.orders[x], 10_000);
    expect(seen).toEqual([{ uid: expect.any(String), name: 'Olivia Ops', typing: true }]);

    // A closed tab: its replica removes it at once and tells the others.
    const closedAt = Date.now();
    tabA.close();
    await eventually('A gone after close', () => watchB.latest && !watchB.latest.orders[x], 10_000);
    expect(Date.now() - closedAt).toBeLessThan(TTL_MS);

    // A crashed replica sends nothing more: its presence expires with its last heartbeat.
    const onDoomed = holdPresence(client(doomed, tokenA).client, y);
    await eventually('held on doomed', () => onDoomed.latest?.held);
    await eventually('B sees A via doomed', () => watchB.latest?.orders[y], 10_000);
    const killedAt = Date.now();
    doomed.child.kill('SIGKILL');
    await eventually('A gone after crash', () => watchB.latest && !watchB.latest.orders[y], 10_000);
    const tookMs = Date.now() - killedAt;
    expect(tookMs).toBeLessThan(TTL_MS + 1000);
    watchB.stop();
  });

  it('one notification per change whatever the replica count; read marks and the centre are shared', async () => {
    const [one, two] = replicas as [Replica, Replica];
    const tokenA = await signIn(one, 'ops@example.com');
    const tokenB = await signIn(one, 'dev@example.com');
    const order = polledOrders((await client(one, tokenA).client.orders.search.query({})).orders)[3]!.uid;
    const centre = watchNotifications(client(two, tokenB).client);
    await eventually('centre', () => centre.latest, 10_000);
    const before = centre.latest!.items.length;
    await client(one, tokenB).client.notifications.follow.mutate({ orderUid: order, follow: true });
    expect(await client(two, tokenB).client.notifications.following.query({ orderUid: order })).toEqual({
      following: true,
    });

    await client(one, tokenA).client.orders.changeStatus.mutate({
      orderUid: order,
      status: 'lost',
      happenedAt: new Date().toISOString(),
    });
    const state = await eventually(
      'notification on the other replica',
      () => (centre.latest && centre.latest.items.length > before ? centre.latest : undefined),
      10_000,
    );
    expect(state.items[0]).toMatchObject({ kind: 'changed', orderUid: order, read: false });
    expect(state.items[0]!.text).toContain('Status is now');
    // Both replicas saw the change (own write and poll); still one notification.
    // A fixed wait: no later event is ordered after both replicas' handling; a slow run can only miss a duplicate.
    await new Promise((r) => setTimeout(r, 1500));
    expect(centre.latest!.items.length).toBe(before + 1);

    await client(one, tokenB).client.notifications.markAllRead.mutate();
    await eventually('read on the other replica', () => centre.latest?.unread === 0, 10_000);
    const reload = watchNotifications(client(one, tokenB).client);
    await eventually('reloaded on another replica', () => reload.latest, 10_000);
    expect(reload.latest).toEqual(centre.latest);
    centre.stop();
    reload.stop();
  });
});
