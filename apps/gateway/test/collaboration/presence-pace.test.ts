import type { PresenceSnapshot } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRESENCE_PUSH_INTERVAL_MS } from '../../src/routers/presence.js';
import { type Hardened, openSocket, pingPong, type RawSocket, startHardened } from '../hardening/stack.js';

/**
 * One user starting and stopping presence in a loop reaches every console watching presence: each
 * watcher gets at most one push per PRESENCE_PUSH_INTERVAL_MS, the latest state, and a change still
 * shows within a second. Real sockets; the gateway's timers on a fake clock.
 */
let stack: Hardened;
let watcher: RawSocket;
let churner: RawSocket;
let orders: string[];

type Message = { id?: number; result?: { type?: string; data?: { data?: PresenceSnapshot } } };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const send = (s: RawSocket, message: object) => s.ws.send(JSON.stringify(message));
const answer = (s: RawSocket, id: number, type: string) =>
  s.next((m) => (m as Message).id === id && (m as Message).result?.type === type);

/** The watcher's presence pushes so far. */
const pushes = () =>
  watcher.messages
    .filter((m) => (m as Message).id === 1 && (m as Message).result?.type === 'data')
    .map((m) => (m as Message).result!.data!.data!);

/** Moves the gateway's clock on, then waits until the watcher has everything sent meanwhile. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await pingPong(watcher);
}

/** Holds presence on `orderUid` until the returned stop; resolves once the hold is in place. */
let nextId = 100;
async function here(orderUid: string, typing: boolean) {
  const id = nextId++;
  send(churner, {
    id,
    method: 'subscription',
    params: { path: 'presence.here', input: { orderUid, typing } },
  });
  await answer(churner, id, 'data');
  return async () => {
    send(churner, { id, method: 'subscription.stop' });
    await answer(churner, id, 'stopped');
  };
}

beforeAll(async () => {
  // The churn below sends far more than 50 messages in a real second.
  stack = await startHardened({ WS_MESSAGES_PER_SECOND: '10000', PRESENCE_ACCESS_TTL_MS: '600000' });
  const [victim, user] = [await stack.signIn('dev@example.com'), await stack.signIn('ops@example.com')];
  const search = await fetch(`${stack.url}/trpc/orders.search?input=${encodeURIComponent('{}')}`, {
    headers: bearer(user),
  });
  const body = (await search.json()) as { result: { data: { orders: { uid: string }[] } } };
  orders = body.result.data.orders.slice(0, 2).map((o) => o.uid);
  watcher = await openSocket(stack.wsUrl, bearer(victim));
  churner = await openSocket(stack.wsUrl, bearer(user));
  // Access and names looked up once, on the real clock: the churn then asks the backend nothing.
  for (const order of orders) await (await here(order, false))();
  send(watcher, { id: 0, method: 'subscription', params: { path: 'presence.watch', input: {} } });
  await answer(watcher, 0, 'data');
  send(watcher, { id: 0, method: 'subscription.stop' });
  await answer(watcher, 0, 'stopped');
}, 30_000);

afterAll(async () => {
  vi.useRealTimers();
  watcher?.ws.close();
  churner?.ws.close();
  await stack?.close();
});

describe('presence pushes to a watcher', () => {
  it('fold a user churning presence into at most one per PRESENCE_PUSH_INTERVAL_MS, the latest state, and still show a change within a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    send(watcher, { id: 1, method: 'subscription', params: { path: 'presence.watch', input: {} } });
    await answer(watcher, 1, 'started');
    await advance(1000);
    expect(pushes()).toEqual([{ orders: {} }]);

    // 20 start/stop rounds, 200 ms of clock each: 40 changes in 4 s.
    const steps = 20;
    for (let i = 0; i < steps; i++) {
      const stop = await here(orders[i % 2]!, i % 2 === 0);
      await advance(100);
      await stop();
      await advance(100);
    }
    await advance(1000);
    const during = pushes().length - 1;
    expect(during).toBeGreaterThan(0);
    expect(during).toBeLessThanOrEqual((steps * 200 + 1000) / PRESENCE_PUSH_INTERVAL_MS);
    // The latest state won: nobody holds anything now.
    expect(pushes().at(-1)).toEqual({ orders: {} });

    // A quiet watcher sees a new presence within a second.
    const before = pushes().length;
    const stop = await here(orders[0]!, false);
    await advance(1000);
    expect(pushes().length).toBe(before + 1);
    expect(pushes().at(-1)?.orders[orders[0]!]).toHaveLength(1);
    await stop();
  });
});
