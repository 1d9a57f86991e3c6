import { DEFAULT_ORDERS_FILTER, type OrdersFilter, VIEW_MAX_BYTES, viewBytes } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, eventually, type Stack, startStack } from '../realtime/harness.js';
import { watchViewCounts } from './view-watch.js';

const RATE = 6;

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `${String(i).padStart(8, '0')}-1111-4111-8111-111111111111`);

const saveInput = (id: string, name: string, filter: OrdersFilter = DEFAULT_ORDERS_FILTER, search = '') => ({
  id,
  name,
  path: '/realtime' as const,
  search,
  filter,
});

/** A view whose search and filter take exactly `bytes` as saved. */
function viewOfBytes(id: string, bytes: number) {
  const filter = { ...DEFAULT_ORDERS_FILTER, sellingChannelsUIDS: ids(330) };
  const search = 'x'.repeat(bytes - viewBytes({ search: '', filter }));
  return saveInput(id, id, filter, search);
}

describe('saved view limits (real HTTP and websockets, backend-sim)', { timeout: 30_000 }, () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ VIEWS_RATE_MAX: String(RATE) });
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('refuses a view whose filter and search pass VIEW_MAX_BYTES, naming the limit; one at the limit saves', async () => {
    const { client } = await stack.signIn('ops@example.com');
    const atLimit = viewOfBytes('at-limit', VIEW_MAX_BYTES);
    expect(viewBytes(atLimit)).toBe(VIEW_MAX_BYTES);
    await client.views.save.mutate(atLimit);

    await expect(client.views.save.mutate(viewOfBytes('over', VIEW_MAX_BYTES + 1))).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST', limit: 'VIEW_MAX_BYTES' },
      message: expect.stringContaining('at most 16 KB (VIEW_MAX_BYTES)'),
    });
    // Every list at its own maximum: about 400 KB in one view, which each colleague's list carried.
    const widest = (p: string) => Array.from({ length: 500 }, (_, i) => `${p}${i}_`.padEnd(200, 'x'));
    const bloated = {
      ...DEFAULT_ORDERS_FILTER,
      sellingChannelsUIDS: widest('sc'),
      fulfillmentCentersUIDS: widest('fc'),
      assignedUsersUIDS: widest('u'),
    };
    await expect(
      client.views.save.mutate(saveInput('bloat', 'Bloat', bloated, 'q'.repeat(4000))),
    ).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST' },
      message: expect.stringContaining('VIEW_MAX_BYTES'),
    });
    expect((await client.views.list.query()).views.map((v) => v.id)).toEqual(['at-limit']);
    await client.views.remove.mutate({ id: 'at-limit' });

    // One shared before the limit existed: its owner still lists it (to remove it), colleagues do not.
    const { user } = await client.users.me.query();
    await stack.app.services.views.store.put(
      {
        ...saveInput('legacy', 'Legacy', bloated),
        ownerUid: user.uid,
        ownerName: user.name,
        shared: true,
        createdAt: 1,
      },
      50,
    );
    const colleague = await stack.signIn('marketing@example.com');
    expect((await colleague.client.views.list.query()).views.map((v) => v.id)).not.toContain('legacy');
    expect((await client.views.list.query()).views.map((v) => v.id)).toEqual(['legacy']);
    await client.views.remove.mutate({ id: 'legacy' });
  });

  it('refuses a view name holding NUL, BEL or a right-to-left override, saying why', async () => {
    const { client } = await stack.signIn('admin@example.com');
    for (const name of ['Late\u0000', 'Ring\u0007', 'Invoice\u202Efdp.exe'])
      await expect(client.views.save.mutate(saveInput('named', name))).rejects.toMatchObject({
        data: { code: 'BAD_REQUEST' },
        message: expect.stringContaining('control characters'),
      });
    expect((await client.views.list.query()).views).toEqual([]);
  });

  it('counts saves, renames, shares and removals per person against VIEWS_RATE_MAX over all their sessions, then refuses naming the limit', async () => {
    const first = await stack.signIn('sales@example.com');
    const second = await stack.signIn('sales@example.com');
    const other = await stack.signIn('marketing@example.com');
    await first.client.views.save.mutate(saveInput('r1', 'One'));
    await first.client.views.save.mutate(saveInput('r1', 'One renamed'));
    await first.client.views.share.mutate({ id: 'r1', shared: true });
    await second.client.views.share.mutate({ id: 'r1', shared: false });
    await second.client.views.save.mutate(saveInput('r2', 'Two'));
    await second.client.views.remove.mutate({ id: 'r2' });
    for (const call of [
      () => first.client.views.save.mutate(saveInput('r3', 'Three')),
      () => second.client.views.share.mutate({ id: 'r1', shared: true }),
      () => first.client.views.remove.mutate({ id: 'r1' }),
    ])
      await expect(call()).rejects.toMatchObject({
        data: { code: 'TOO_MANY_REQUESTS', limit: 'VIEWS_RATE_MAX' },
        message: expect.stringMatching(
          /at most 6 per 600 s per user \(VIEWS_RATE_MAX, VIEWS_RATE_WINDOW_MS\); try again in \d+ s/,
        ),
      });
    // Nothing refused was done, and a colleague's changes are their own.
    expect((await first.client.views.list.query()).views.map((v) => [v.id, v.shared])).toEqual([
      ['r1', false],
    ]);
    await other.client.views.save.mutate(saveInput('m1', 'Mine'));
    await other.client.views.remove.mutate({ id: 'm1' });
  });

  it('one change re-reads the views once, whether one console watches views.counts or ten', async () => {
    const { store } = stack.app.services.views;
    const owner = await stack.signIn('finance@example.com');
    const watchers = await Promise.all(
      ['dev@example.com', 'ana.popescu@example.com', 'mihai.ionescu@example.com'].map((e) => stack.signIn(e)),
    );
    const uids = await Promise.all(watchers.map(async (w) => (await w.client.users.me.query()).user.uid));
    await owner.client.views.save.mutate(saveInput('team', 'Team queue'));
    await owner.client.views.share.mutate({ id: 'team', shared: true });
    const sharedReads = vi.spyOn(store, 'shared');
    const ownReads = vi.spyOn(store, 'ofOwner');
    const watching: ReturnType<typeof watchViewCounts>[] = [];
    const watch = (client: Client) => {
      const counts = watchViewCounts(client);
      watching.push(counts);
      return counts;
    };
    /** Renames the shared view; the store reads made until every console has the new listing. */
    const readsPerChange = async (name: string) => {
      // Each console's listing before the change (a user's listing is theirs: it covers their own views).
      const before = await eventually('every console listing', () => {
        const listings = watching.map((w) => w.latest?.listing);
        return listings.every(Boolean) && listings;
      });
      sharedReads.mockClear();
      ownReads.mockClear();
      await owner.client.views.save.mutate(saveInput('team', name));
      await eventually('the rename pushed to every console', () =>
        watching.every((w, i) => w.latest && w.latest.listing !== before[i]),
      );
      const ownBy = uids.map((uid) => ownReads.mock.calls.filter(([of]) => of === uid).length);
      return { shared: sharedReads.mock.calls.length, ownBy };
    };

    watch(watchers[0]!.client);
    const one = await readsPerChange('Team queue 2');
    // Ten consoles: four tabs of the first colleague, three of each of the others.
    for (let i = 0; i < 3; i++) watch(stack.tab(watchers[0]!.token));
    for (const w of watchers.slice(1)) for (let i = 0; i < 3; i++) watch(stack.tab(w.token));
    expect(watching).toHaveLength(10);
    const ten = await readsPerChange('Team queue 3');

    expect(one).toEqual({ shared: 1, ownBy: [1, 0, 0] });
    // The shared views are read once for everybody, each user's own once for all their tabs.
    expect(ten).toEqual({ shared: 1, ownBy: [1, 1, 1] });
    for (const w of watching) {
      expect(w.errors).toEqual([]);
      w.stop();
    }
    sharedReads.mockRestore();
    ownReads.mockRestore();
    await owner.client.views.remove.mutate({ id: 'team' });
  });
});
