import { TRPCClientError } from '@trpc/client';
import { applyListMessage, type ListMessage, type ListState, type Order } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderDetailKind } from '../../src/live-lists/order-detail-live.js';
import { ordersList } from '../../src/live-lists/orders.js';
import { type Client, eventually, polledOrders, type Stack, startStack } from './harness.js';

type Meta = Record<string, unknown>;
type Msg = ListMessage<{ uid: string }, Meta>;

/** A live subscription as a console tab holds it: its state, every data frame, and the error ending it. */
interface Tab {
  state: ListState<{ uid: string }, Meta> | null;
  frames: number;
  error: unknown;
  stop(): void;
}

type Subscribable = (
  input: never,
  opts: { onData(d: never): void; onError(e: unknown): void },
) => { unsubscribe(): void };

function watch(subscribe: unknown, input: unknown): Tab {
  const tab: Tab = { state: null, frames: 0, error: null, stop: () => {} };
  const subscription = (subscribe as Subscribable)(input as never, {
    onData(d: never) {
      const { data } = d as { data: Msg | { kind: 'health' } };
      tab.frames += 1;
      if (data.kind !== 'health') tab.state = applyListMessage(tab.state, data as Msg);
    },
    onError(e) {
      tab.error = e;
    },
  });
  tab.stop = () => subscription.unsubscribe();
  return tab;
}

/** One user's open order list (filtered to one order) and that order's detail. */
function openOrder(client: Client, order: Order) {
  return {
    list: watch(client.orders.live.subscribe, { filter: { reference: order.reference } }),
    detail: watch(client.orders.detailLive.subscribe, { uid: order.uid }),
  };
}
type Opened = ReturnType<typeof openOrder>;

const loaded = (o: Opened) => o.list.state !== null && o.detail.state !== null;
const codeOf = (error: unknown) => (error instanceof TRPCClientError ? error.data?.code : undefined);

/** Both the list and the detail show the order as `changed` left it. */
function sawChange(o: Opened, changed: Order): boolean {
  const row = o.list.state?.rows.find((r) => r.uid === changed.uid) as Order | undefined;
  const detail = o.detail.state?.meta.detail as { order: Order } | undefined;
  return row?.updated_at === changed.updated_at && detail?.order.updated_at === changed.updated_at;
}

const POLL_MS = 200;

describe('live subscriptions of a token the backend refuses', () => {
  let stack: Stack;
  let target: Order;
  const uidOf = (email: string) => stack.sim.store.users.find((u) => u.email === email)!.uid;
  /** The backend token behind a gateway session id. */
  const backendToken = async (sessionId: string) =>
    (await stack.app.services.sessions.resolve(sessionId))!.token;

  beforeAll(async () => {
    stack = await startStack({ CHANGE_POLL_MS: String(POLL_MS), LIVE_TOKEN_CHECK_MS: String(POLL_MS) });
    const { client } = await stack.signIn();
    target = polledOrders((await client.orders.search.query({})).orders)[0]! as Order;
  });
  afterAll(async () => {
    await stack.close();
  });

  it('end with UNAUTHORIZED on their own, though their cohorts read with other tokens; the others go on', async () => {
    const a = await stack.signIn('ops@example.com');
    const a2 = await stack.signIn('ops@example.com');
    const b = await stack.signIn('dev@example.com');
    // A joins first, so its cohorts refresh with a later member's token: no read of theirs ever
    // fails for A's token, only A's own check can end it.
    const dead = openOrder(a.client, target);
    await eventually("A's snapshots", () => loaded(dead));
    const others = [openOrder(a2.client, target), openOrder(b.client, target)];
    await eventually('the snapshots of the others', () => others.every(loaded));

    expect(stack.sim.control.revokeToken(await backendToken(a.token))).toBe(true);
    await eventually('both of A’s subscriptions ended', () => dead.list.error && dead.detail.error);
    expect(codeOf(dead.list.error)).toBe('UNAUTHORIZED');
    expect(codeOf(dead.detail.error)).toBe('UNAUTHORIZED');

    const framesWhenEnded = [dead.list.frames, dead.detail.frames];
    const changed = stack.sim.control.changeOrder(target.uid) as Order;
    await eventually('the change on the other tabs', () => others.every((o) => sawChange(o, changed)));
    expect([dead.list.frames, dead.detail.frames]).toEqual(framesWhenEnded);
    expect(others.flatMap((o) => [o.list.error, o.detail.error])).toEqual([null, null, null, null]);
    for (const o of others) for (const tab of [o.list, o.detail]) tab.stop();
  }, 20_000);

  it("never share a cohort across users: each user's cohorts read with that user's tokens; a script's own token joins its user's", async () => {
    const ops = await stack.signIn('ops@example.com');
    const dev = await stack.signIn('dev@example.com');
    // A script holding a raw backend token of ops, not a gateway session.
    const script = stack.tab(stack.sim.store.issueToken(uidOf('ops@example.com')));
    const tabs = [openOrder(ops.client, target), openOrder(script, target), openOrder(dev.client, target)];
    await eventually('every snapshot', () => tabs.every(loaded));

    const { realtime } = stack.app.services;
    const scopesOf = (keys: Iterable<string>, holding: string) =>
      [...keys].filter((key) => key.includes(holding)).map((key) => key.split('|')[0]);
    const users = [uidOf('dev@example.com'), uidOf('ops@example.com')].sort();
    expect(scopesOf(realtime.list(ordersList.kind).cohorts.keys(), target.reference!).sort()).toEqual(users);
    expect(scopesOf(realtime.list(orderDetailKind).cohorts.keys(), target.uid).sort()).toEqual(users);

    const call = vi.spyOn(stack.app.services.backend, 'call');
    try {
      const changed = stack.sim.control.changeOrder(target.uid) as Order;
      await eventually('the change on every tab', () => tabs.every((o) => sawChange(o, changed)));
      const readers = (route: string) =>
        call.mock.calls
          .filter(([name]) => name === route)
          .map(([, opts]) => stack.sim.store.tokens.get(opts?.token ?? ''))
          .sort();
      // One re-read per user's cohort, each with a token of that user.
      expect(readers('orders.detail')).toEqual(users);
      expect(readers('orders.search.filter')).toEqual(users);
    } finally {
      call.mockRestore();
    }
    for (const o of tabs) for (const tab of [o.list, o.detail]) tab.stop();
  });
});
