import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcError } from '../helpers.js';
import { eventually, polledOrders } from '../realtime/harness.js';
import {
  type Replica,
  type ReplicaStack,
  replicaClients,
  STACK_START_MS,
  startReplicaStack,
} from './replicas.js';

describe('holds and activity across gateway replicas on one Redis', { timeout: 40_000 }, () => {
  let stack: ReplicaStack;
  let one: Replica;
  let two: Replica;
  const { client, signIn, closeAll } = replicaClients();

  beforeAll(async () => {
    stack = await startReplicaStack({
      names: ['one', 'two'],
      env: { CHANGE_POLL_MS: '200', POLL_LEASE_MS: '2000' },
    });
    [one, two] = stack.replicas as [Replica, Replica];
  }, STACK_START_MS);

  afterAll(async () => {
    closeAll();
    await stack?.close();
  });

  it("a hold taken on A shows live on B's list and B refuses it to another user, naming the holder", async () => {
    const tokenA = await signIn(one, 'ops@example.com');
    const tokenB = await signIn(two, 'dev@example.com');
    const onA = client(one, tokenA);
    const onB = client(two, tokenB);
    const uid = polledOrders((await onA.orders.search.query({})).orders)[0]!.uid;

    const pushed: string[][] = [];
    const sub = onB.holds.live.subscribe(undefined, {
      onData: ({ data }) => pushed.push(data.holds.map((h) => `${h.orderUid}:${h.holder.name}`)),
    });
    await eventually('first snapshot on B', () => pushed.length > 0, 10_000);
    await onA.orders.take.mutate({ uid });
    await eventually('B sees A hold it', () => pushed.at(-1)?.includes(`${uid}:Olivia Ops`), 10_000);

    const refused = await trpcError(onB.orders.take.mutate({ uid }));
    expect(refused.data?.code).toBe('CONFLICT');
    expect(refused.message).toBe('Olivia Ops holds this order');
    sub.unsubscribe();
  });

  it('activity written on A is listed on B, and pushed to a live subscriber on B', async () => {
    const tokenA = await signIn(one, 'ops@example.com');
    const tokenB = await signIn(two, 'dev@example.com');
    const onA = client(one, tokenA);
    const onB = client(two, tokenB);
    const uid = polledOrders((await onA.orders.search.query({})).orders)[1]!.uid;

    const added: string[] = [];
    let subscribed = false;
    const sub = onB.activity.live.subscribe(
      { actions: ['comment'] },
      {
        onData: ({ data }) => {
          subscribed = true;
          if (data.kind === 'added') added.push(...data.entries.map((e) => e.excerpt ?? ''));
        },
      },
    );
    await eventually('B has its snapshot', () => subscribed, 10_000);
    await onA.orders.comments.add.mutate({ orderUid: uid, text: 'Written through replica one' });
    const listed = (await onB.activity.forOrder.query({ uid })).entries;
    expect(listed[0]).toMatchObject({
      action: 'comment',
      actor: { name: 'Olivia Ops' },
      excerpt: 'Written through replica one',
    });
    const page = (await onB.activity.list.query({ actions: ['comment'] })).entries;
    expect(page[0]?.orderUid).toBe(uid);
    await eventually('pushed on B', () => added.includes('Written through replica one'), 10_000);
    sub.unsubscribe();
  });
});
