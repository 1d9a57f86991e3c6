import {
  DEFAULT_ORDERS_FILTER,
  ORDER_STATUS_KEYS,
  type OrdersFilter,
  VIEW_NAME_MAX,
  viewKey,
} from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, eventually, polledOrders, type Stack, startStack } from '../realtime/harness.js';
import { watchViewCounts } from './view-watch.js';

const MAX = 3;
const SHARED = 2;
const COUNT_PATH = '/orders/search/count';

/** Every order of the given statuses, whatever its priority or snooze. */
const byStatus = (...statuses: string[]): OrdersFilter => ({
  ...DEFAULT_ORDERS_FILTER,
  statuses,
  displayPriorities: [],
  activeOrders: 'all',
});

const saveInput = (id: string, name: string, filter: OrdersFilter = DEFAULT_ORDERS_FILTER) => ({
  id,
  name,
  path: '/realtime' as const,
  search: `q=${id}`,
  filter,
});

describe('team views at the gateway (real HTTP and websockets, backend-sim)', { timeout: 30_000 }, () => {
  let stack: Stack;
  let a: { client: Client; token: string };
  let b: { client: Client; token: string };

  beforeAll(async () => {
    stack = await startStack({ VIEWS_MAX_PER_USER: String(MAX), VIEWS_SHARED_MAX_PER_USER: String(SHARED) });
    a = await stack.signIn('ops@example.com');
    b = await stack.signIn('dev@example.com');
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('saves, renames, shares and removes; a shared view is listed to others read-only, with its owner', async () => {
    const saved = await a.client.views.save.mutate(saveInput('late-1', 'Late ones'));
    expect(saved.view).toMatchObject({ id: 'late-1', name: 'Late ones', shared: false, mine: true });
    expect((await b.client.views.list.query()).views).toEqual([]);

    await a.client.views.save.mutate(saveInput('late-1', 'Late orders'));
    const shared = await a.client.views.share.mutate({ id: 'late-1', shared: true });
    expect(shared.view.owner.name).toBe('Olivia Ops');
    const seenByB = (await b.client.views.list.query()).views;
    expect(seenByB).toEqual([
      expect.objectContaining({ id: 'late-1', name: 'Late orders', shared: true, mine: false }),
    ]);
    expect(seenByB[0]!.owner).toEqual({ uid: shared.view.owner.uid, name: 'Olivia Ops' });

    // Read-only for B: sharing, renaming or removing A's view touches only B's own (none here).
    await expect(b.client.views.share.mutate({ id: 'late-1', shared: false })).rejects.toMatchObject({
      data: { code: 'NOT_FOUND' },
    });
    await expect(b.client.views.remove.mutate({ id: 'late-1' })).rejects.toThrow(/read-only: copy it/);
    // B's copy is B's own view; A's is unchanged.
    await b.client.views.save.mutate(saveInput('late-1', 'Late orders'));
    expect((await a.client.views.list.query()).views.map((v) => [v.name, v.mine])).toEqual([
      ['Late orders', true],
    ]);
    expect((await b.client.views.list.query()).views.map((v) => [v.owner.name, v.mine])).toEqual([
      ['Dan Developer', true],
      ['Olivia Ops', false],
    ]);

    await a.client.views.share.mutate({ id: 'late-1', shared: false });
    expect((await b.client.views.list.query()).views.map((v) => v.owner.name)).toEqual(['Dan Developer']);
    await a.client.views.remove.mutate({ id: 'late-1' });
    await b.client.views.remove.mutate({ id: 'late-1' });
    expect((await a.client.views.list.query()).views).toEqual([]);
  });

  it('refuses a long name, a taken name, a view past VIEWS_MAX_PER_USER and a share past VIEWS_SHARED_MAX_PER_USER, each saying why', async () => {
    await expect(
      a.client.views.save.mutate(saveInput('long', 'x'.repeat(VIEW_NAME_MAX + 1))),
    ).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST' },
      message: expect.stringContaining('at most 40'),
    });
    await expect(
      a.client.views.save.mutate({ ...saveInput('bad', 'Bad'), path: '/elsewhere' as '/realtime' }),
    ).rejects.toMatchObject({ data: { code: 'BAD_REQUEST' } });
    for (let i = 0; i < MAX; i++) await a.client.views.save.mutate(saveInput(`v${i}`, `View ${i}`));
    await expect(a.client.views.save.mutate(saveInput('v1-again', 'view 1'))).rejects.toMatchObject({
      data: { code: 'CONFLICT' },
      message: expect.stringContaining('already exists'),
    });
    await expect(a.client.views.save.mutate(saveInput('one-more', 'One more'))).rejects.toMatchObject({
      data: { code: 'TOO_MANY_REQUESTS' },
      message: expect.stringContaining('VIEWS_MAX_PER_USER'),
    });
    // Saving an existing view again is not one more.
    await a.client.views.save.mutate(saveInput('v0', 'View zero'));
    // Sharing: every colleague's console counts a shared view, so at most SHARED of them at once.
    for (let i = 0; i < SHARED; i++) await a.client.views.share.mutate({ id: `v${i}`, shared: true });
    await expect(a.client.views.share.mutate({ id: `v${SHARED}`, shared: true })).rejects.toMatchObject({
      data: { code: 'PRECONDITION_FAILED' },
      message: expect.stringContaining('VIEWS_SHARED_MAX_PER_USER'),
    });
    // Sharing again one shared already is not one more; one stopped makes room.
    await a.client.views.share.mutate({ id: 'v0', shared: true });
    await a.client.views.share.mutate({ id: 'v0', shared: false });
    await a.client.views.share.mutate({ id: `v${SHARED}`, shared: true });
    for (let i = 0; i < MAX; i++) await a.client.views.remove.mutate({ id: `v${i}` });
  });

  it('counts each listed view live, and a change re-reads only the counts whose filter it could touch', async () => {
    const order = polledOrders((await a.client.orders.search.query({})).orders)[0]!;
    const start = order.aggregated_status.key;
    const [touched, untouched] = ORDER_STATUS_KEYS.filter((s) => s !== start);
    const mine = await a.client.views.save.mutate(saveInput('touched', 'Touched', byStatus(touched!)));
    await a.client.views.share.mutate({ id: 'touched', shared: true });
    const theirs = await b.client.views.save.mutate(
      saveInput('untouched', 'Untouched', byStatus(untouched!)),
    );
    const counts = watchViewCounts(b.client);
    const keyA = viewKey(mine.view);
    const keyB = viewKey(theirs.view);
    const first = await eventually('both counts', () => {
      const c = counts.latest?.counts;
      return c && typeof c[keyA] === 'number' && typeof c[keyB] === 'number' ? c : undefined;
    });
    const base = first[keyA]!;

    // The gateway has not seen this order change yet: it could have matched anything, both re-read.
    stack.sim.control.resetCallCounts();
    stack.sim.control.changeOrder(order.uid, { status: touched! });
    await eventually('A counts the order', () => counts.latest?.counts[keyA] === base + 1);
    await eventually('both re-read', () => stack.sim.control.callCounts()[COUNT_PATH] === 2);

    // Now it is known: leaving `touched` for the start status can touch A's view only.
    stack.sim.control.resetCallCounts();
    stack.sim.control.changeOrder(order.uid, { status: start });
    await eventually('A no longer counts it', () => counts.latest?.counts[keyA] === base);
    expect(stack.sim.control.callCounts()[COUNT_PATH]).toBe(1);
    expect(counts.latest?.counts[keyB]).toBe(first[keyB]);
    counts.stop();
    await a.client.views.remove.mutate({ id: 'touched' });
    await b.client.views.remove.mutate({ id: 'untouched' });
    await eventually('counts forgotten', () => stack.app.services.views.counter.size() === 0);
  });

  it('a view shared or removed while watching comes into or leaves the counts', async () => {
    const counts = watchViewCounts(b.client);
    await eventually('empty counts', () => counts.latest);
    const saved = await a.client.views.save.mutate(saveInput('later', 'Later', byStatus('lost')));
    await a.client.views.share.mutate({ id: 'later', shared: true });
    const key = viewKey(saved.view);
    await eventually('shared view counted', () => typeof counts.latest?.counts[key] === 'number');
    await a.client.views.remove.mutate({ id: 'later' });
    await eventually('removed view gone', () => counts.latest && !(key in counts.latest.counts));
    counts.stop();
  });

  it("a shared view renamed or refiltered while watching changes the counts' listing, the one views.list gives", async () => {
    const counts = watchViewCounts(b.client);
    const saved = await a.client.views.save.mutate(saveInput('queue', 'Urgent issues', byStatus('lost')));
    await a.client.views.share.mutate({ id: 'queue', shared: true });
    const key = viewKey(saved.view);
    await eventually('shared view counted', () => typeof counts.latest?.counts[key] === 'number');
    const shared = counts.latest!;
    expect((await b.client.views.list.query()).listing).toBe(shared.listing);

    // Same key, same count: only the listing tells B's console its list is out of date.
    await a.client.views.save.mutate(saveInput('queue', 'Team queue', byStatus('lost')));
    const renamed = await eventually(
      'rename pushed',
      () => (counts.latest?.listing !== shared.listing && counts.latest) || undefined,
    );
    expect(renamed.counts).toEqual(shared.counts);
    const listed = await b.client.views.list.query();
    expect(listed.listing).toBe(renamed.listing);
    expect(listed.views.find((v) => v.id === 'queue')?.name).toBe('Team queue');

    await a.client.views.save.mutate(saveInput('queue', 'Team queue', byStatus('lost', 'not_started')));
    await eventually('refilter pushed', () => counts.latest?.listing !== renamed.listing);
    expect(counts.latest!.listing).toBe((await b.client.views.list.query()).listing);
    counts.stop();
    await a.client.views.remove.mutate({ id: 'queue' });
  });
});
