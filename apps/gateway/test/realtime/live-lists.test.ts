import { TRPCClientError } from '@trpc/client';
import { BACKEND_ROUTES, type LiveListEvent, type Order } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundsList } from '../../src/live-lists/inbounds.js';
import { ordersList } from '../../src/live-lists/orders.js';
import { type Client, eventually, MANAGED_BY, polledOrders, type Stack, startStack } from './harness.js';

type Event = LiveListEvent<{ uid: string }, Record<string, unknown>>;
type Health = Extract<Event, { kind: 'health' }>;

interface Watched {
  ids: string[];
  events: Event[];
  /** When each event arrived (ms epoch). */
  at: number[];
  error: unknown;
  stop(): void;
}

type Subscribable = (
  input: never,
  opts: { onData(d: never): void; onError(e: unknown): void },
) => { unsubscribe(): void };

/** Subscribe and record every tracked event and the error that ends the subscription, if any. */
function watch(subscribe: unknown, input: unknown): Watched {
  const watched: Watched = { ids: [], events: [], at: [], error: null, stop: () => {} };
  const subscription = (subscribe as Subscribable)(input as never, {
    onData(d: never) {
      const { id, data } = d as { id: string; data: Event };
      watched.ids.push(id);
      watched.events.push(data);
      watched.at.push(Date.now());
    },
    onError(e) {
      watched.error = e;
    },
  });
  watched.stop = () => subscription.unsubscribe();
  return watched;
}

const healthOf = (w: Watched) => w.events.filter((e): e is Health => e.kind === 'health');
const codeOf = (error: unknown) => (error instanceof TRPCClientError ? error.data?.code : undefined);

/** Backend calls of the order list (rows, comments and statistics), at the sim. */
function orderListCalls(stack: Stack): number {
  return Object.entries(stack.sim.control.callCounts())
    .filter(([path]) => path.startsWith('/orders/search'))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** Make the sim forget every token of a user, as a restarted backend does. */
async function forgetTokens(stack: Stack, client: Client): Promise<void> {
  const { user } = await client.users.me.query();
  for (const [token, uid] of stack.sim.store.tokens)
    if (uid === user.uid) stack.sim.store.tokens.delete(token);
}

const POLL_MS = 200;
const REFRESH_MS = 200;

describe('live lists over real websockets', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      CHANGE_POLL_MS: String(POLL_MS),
      LIST_REFRESH_MS: String(REFRESH_MS),
      LIVE_COHORTS_PER_USER: '3',
    });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('the search fallback makes the nine backend calls a live cohort makes, none to /orders/search', async () => {
    const { client } = await stack.signIn('dev@example.com');
    const window = { skip: 20, limit: 20 };
    stack.sim.control.resetCallCounts();
    // What the console's fallback asks for: rows and comments, statistics, both over the loaded window.
    await Promise.all([
      client.orders.search.query({ filter: {}, window, refresh: true }),
      client.orders.statistics.query({ filter: {}, window, refresh: true }),
    ]);
    const fallback = orderListCalls(stack);
    expect(stack.sim.control.callCounts()['/orders/search'] ?? 0).toBe(0);
    stack.sim.control.resetCallCounts();
    const live = watch(client.orders.live.subscribe, { filter: {}, window });
    await eventually('snapshot', () => live.events.length > 0);
    expect(fallback).toBe(9);
    expect(orderListCalls(stack)).toBe(fallback);
    live.stop();
  });

  it('refuses a cohort beyond LIVE_COHORTS_PER_USER, always lets a subscriber join an existing one', async () => {
    const { client, token } = await stack.signIn('finance@example.com');
    const filters = ['cap-a', 'cap-b', 'cap-c'].map((reference) => ({ filter: { reference } }));
    const open = filters.map((f) => watch(stack.tab(token).orders.live.subscribe, f));
    await eventually('three snapshots', () => open.every((w) => w.events.length > 0));

    const fourth = watch(client.inbounds.live.subscribe, {});
    await eventually('the fourth refused', () => fourth.error);
    expect(codeOf(fourth.error)).toBe('TOO_MANY_REQUESTS');
    expect((fourth.error as Error).message).toContain('at most 3');
    expect((fourth.error as TRPCClientError<never>).data).toMatchObject({ limit: 'LIVE_COHORTS_PER_USER' });

    const joiner = watch(stack.tab(token).orders.live.subscribe, filters[0]);
    await eventually('the joiner', () => joiner.events.length > 0 || joiner.error);
    expect(joiner.error).toBeNull();
    expect(joiner.events[0]?.kind).toBe('snapshot');

    // A list nobody watches any more makes room at once (it would otherwise linger for a resume).
    open[1]!.stop();
    const registry = stack.app.services.realtime.list(ordersList.kind);
    await eventually('the cohort idle', () => registry.memberCount() === 3);
    const replacement = watch(client.inbounds.live.subscribe, {});
    await eventually('the replacement', () => replacement.events.length > 0 || replacement.error);
    expect(replacement.error).toBeNull();
    for (const w of [...open, joiner, replacement]) w.stop();
  });

  it('pauses a timed list whose refreshes fail for two intervals, and resumes it; joiners and resumes see the pause', async () => {
    const { client, token } = await stack.signIn('sales@example.com');
    const tab = watch(client.inbounds.live.subscribe, {});
    await eventually('snapshot', () => tab.events.length > 0);
    const lastGood = tab.ids.at(-1)!;
    const brokeAt = Date.now();
    stack.sim.control.setFault({ kind: 'down', paths: [BACKEND_ROUTES['inbounds.search'].path] });
    try {
      await eventually('paused', () => healthOf(tab).some((h) => h.paused), 3000);
      const pausedAt = tab.at[tab.events.findIndex((e) => e.kind === 'health')]!;
      expect(pausedAt - brokeAt).toBeGreaterThanOrEqual(2 * REFRESH_MS - 20);
      const pause = healthOf(tab)[0]!;
      expect(pause.dataAt).toBeLessThanOrEqual(brokeAt);
      expect(pause.dataAt).toBeGreaterThan(brokeAt - 10_000);

      // A new tab gets the snapshot and the pause under the same id; a resume replays the pause.
      const joiner = watch(stack.tab(token).inbounds.live.subscribe, {});
      await eventually('joiner', () => joiner.events.length >= 2);
      expect(joiner.events.map((e) => e.kind)).toEqual(['snapshot', 'health']);
      expect(joiner.ids[0]).toBe(joiner.ids[1]);
      const resumed = watch(stack.tab(token).inbounds.live.subscribe, { lastEventId: lastGood });
      await eventually('replay', () => resumed.events.length > 0);
      expect(resumed.events).toContainEqual(pause);
      joiner.stop();
      resumed.stop();
    } finally {
      stack.sim.control.setFault(null);
    }
    await eventually('resumed', () => healthOf(tab).some((h) => !h.paused), 3000);
    const resume = healthOf(tab).find((h) => !h.paused)!;
    expect(resume.dataAt).toBeGreaterThan(brokeAt);
    // Every message keeps the cohort's tracked sequence, so a later resume stays exact.
    const [epoch, first] = tab.ids[0]!.split(':');
    expect(tab.ids).toEqual(tab.ids.map((_, i) => `${epoch}:${Number(first) + i}`));
    tab.stop();
  });

  it('retries a failing order list every poll interval, pauses it, then catches up with the change it missed', async () => {
    const { client } = await stack.signIn('marketing@example.com');
    const target = polledOrders((await client.orders.search.query({})).orders)[0]!;
    const tab = watch(client.orders.live.subscribe, { filter: { reference: target.reference } });
    await eventually('snapshot', () => tab.events.length > 0);
    stack.sim.control.setFault({ kind: 'down', paths: [BACKEND_ROUTES['orders.search.filter'].path] });
    let changed: Order;
    try {
      changed = stack.sim.control.changeOrder(target.uid) as Order;
      await eventually('paused', () => healthOf(tab).some((h) => h.paused), 3000);
    } finally {
      stack.sim.control.setFault(null);
    }
    await eventually('resumed', () => healthOf(tab).some((h) => !h.paused), 3000);
    await eventually('the change made while failing', () =>
      tab.events.some(
        (e) =>
          e.kind === 'patch' &&
          e.upserts.some((o) => o.uid === target.uid && (o as Order).updated_at === changed.updated_at),
      ),
    );
    expect(tab.error).toBeNull();
    tab.stop();
  });

  it('says an order list opened while the change poll is behind is paused, and live once the poll is back', {
    timeout: 20_000,
  }, async () => {
    const { client } = await stack.signIn('ops@example.com');
    const open = watch(client.orders.live.subscribe, { filter: { reference: 'open-before' } });
    await eventually('snapshot', () => open.events.length > 0);
    stack.sim.control.setFault({ kind: 'down', paths: ['/changes'] });
    let tab: Watched | null = null;
    try {
      // The lists open then say they are paused: the poll fell behind before the next list exists.
      await eventually('the open list paused', () => healthOf(open).some((h) => h.paused), 5000);
      tab = watch(client.orders.live.subscribe, { filter: { reference: 'opened-while-behind' } });
      await eventually('snapshot', () => tab!.events.length > 0);
      await eventually('paused', () => healthOf(tab!).some((h) => h.paused));
    } finally {
      stack.sim.control.setFault(null);
    }
    await eventually('both resumed', () => [open, tab!].every((w) => healthOf(w).at(-1)?.paused === false));
    expect([open.error, tab!.error]).toEqual([null, null]);
    for (const w of [open, tab!]) w.stop();
  });

  it('ends live subscriptions with UNAUTHORIZED when the backend no longer knows their token', async () => {
    const { client } = await stack.signIn('admin@example.com');
    const orders = watch(client.orders.live.subscribe, {});
    const inbounds = watch(client.inbounds.live.subscribe, { filter: { searchTerm: 'forgotten' } });
    await eventually('snapshots', () => orders.events.length > 0 && inbounds.events.length > 0);
    await forgetTokens(stack, client);
    // Order cohorts refresh on a change; inbound cohorts on their timer.
    stack.sim.control.changeOrder(stack.sim.control.addOrder().uid, { managed_by: MANAGED_BY });
    await eventually('both ended', () => orders.error && inbounds.error, 3000);
    expect(codeOf(orders.error)).toBe('UNAUTHORIZED');
    expect((orders.error as TRPCClientError<never>).data).toMatchObject({ limit: null });
    expect(codeOf(inbounds.error)).toBe('UNAUTHORIZED');
    expect(healthOf(orders)).toEqual([]);
    // The ended subscriptions left their cohort: nobody is left to refresh with the dead token.
    const cohort = [...stack.app.services.realtime.list(inboundsList.kind).cohorts.values()].find((c) =>
      c.cohort.key.includes('forgotten'),
    );
    expect(cohort?.cohort.members.size ?? 0).toBe(0);
  });
});
