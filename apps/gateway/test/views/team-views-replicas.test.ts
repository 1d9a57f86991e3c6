import { DEFAULT_ORDERS_FILTER, viewKey } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchNotifications } from '../collaboration/watchers.js';
import { eventually, polledOrders } from '../realtime/harness.js';
import {
  type Replica,
  type ReplicaStack,
  replicaClients,
  STACK_START_MS,
  startReplicaStack,
} from '../scale/replicas.js';
import { watchViewCounts } from './view-watch.js';

describe('team views and mentions across gateway replicas on one Redis', { timeout: 40_000 }, () => {
  let stack: ReplicaStack;
  let one: Replica;
  let two: Replica;
  const { client, signIn, closeAll } = replicaClients();

  beforeAll(async () => {
    stack = await startReplicaStack({ names: ['one', 'two'], env: { CHANGE_POLL_MS: '200' } });
    [one, two] = stack.replicas as [Replica, Replica];
  }, STACK_START_MS);

  afterAll(async () => {
    closeAll();
    await stack?.close();
  });

  it('a view saved and shared on one replica is listed, counted and withdrawn on the other', async () => {
    const onOne = client(one, await signIn(one, 'ops@example.com'));
    const onTwo = client(two, await signIn(two, 'dev@example.com'));
    const counts = watchViewCounts(onTwo);
    await eventually('counts open', () => counts.latest, 10_000);
    const { view } = await onOne.views.save.mutate({
      id: 'team-queue',
      name: 'Team queue',
      path: '/realtime',
      search: '',
      filter: DEFAULT_ORDERS_FILTER,
    });
    await onOne.views.share.mutate({ id: view.id, shared: true });
    expect((await onTwo.views.list.query()).views).toEqual([
      expect.objectContaining({
        id: 'team-queue',
        mine: false,
        owner: { uid: view.owner.uid, name: 'Olivia Ops' },
      }),
    ]);
    await eventually(
      'counted on two',
      () => typeof counts.latest?.counts[viewKey(view)] === 'number',
      10_000,
    );
    await onOne.views.remove.mutate({ id: view.id });
    expect((await onTwo.views.list.query()).views).toEqual([]);
    await eventually('gone on two', () => counts.latest && !(viewKey(view) in counts.latest.counts), 10_000);
    counts.stop();
  });

  it('a mention posted on one replica notifies its user connected to the other', async () => {
    const tokenA = await signIn(one, 'ops@example.com');
    const onOne = client(one, tokenA);
    const centre = watchNotifications(client(two, await signIn(two, 'dev@example.com')));
    await eventually('centre', () => centre.latest, 10_000);
    const order = polledOrders((await onOne.orders.search.query({})).orders)[0]!;
    await onOne.orders.comments.add.mutate({ orderUid: order.uid, text: 'Thanks @Dan Developer, done' });
    const item = await eventually(
      'mention on two',
      () => centre.latest?.items.find((i) => i.kind === 'mentioned'),
      10_000,
    );
    expect(item).toMatchObject({ author: { name: 'Olivia Ops' }, excerpt: 'Thanks @Dan Developer, done' });
    centre.stop();
  });
});
