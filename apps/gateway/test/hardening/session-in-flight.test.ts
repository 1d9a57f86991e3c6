import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../realtime/harness.js';
import { type Hardened, openSocket, startHardened } from './stack.js';

const MAX = 8;
const ORDER = 'ord_07c53f5ff0534abb71966fb0';

interface Answer {
  id?: number;
  result?: unknown;
  error?: { data?: { code?: string; limit?: string | null } };
}

const refusedForCap = (m: unknown) => (m as Answer).error?.data?.limit === 'SESSION_MAX_IN_FLIGHT';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const unfollow = { orderUid: ORDER, follow: false };

/** One HTTP batch of `inputs.length` calls of `path` (a mutation unless `query`), as httpBatchLink sends it. */
async function rawBatch(
  url: string,
  path: string,
  inputs: unknown[],
  headers: Record<string, string>,
  { query = false } = {},
): Promise<{ status: number; body: Answer[] }> {
  const paths = inputs.map(() => path).join(',');
  const body = JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, input])));
  const response = query
    ? await fetch(`${url}/trpc/${paths}?batch=1&input=${encodeURIComponent(body)}`, { headers })
    : await fetch(`${url}/trpc/${paths}?batch=1`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
  return { status: response.status, body: (await response.json()) as Answer[] };
}
const following = (token: string) =>
  rawBatch(stack.url, 'notifications.following', [{ orderUid: ORDER }], bearer(token), { query: true });

let stack: Hardened;
/** Unfollows wait here until the test lets them go: they stay in flight as a slow disk would keep them. */
let release: () => void = () => {};
let gate: Promise<void> = Promise.resolve();
let started = 0;

beforeAll(async () => {
  stack = await startHardened({ SESSION_MAX_IN_FLIGHT: String(MAX), WS_MESSAGES_PER_SECOND: '1000' });
  const store = stack.app.services.collaboration.notifications;
  const follow = store.follow.bind(store);
  store.follow = async (...args) => {
    started += 1;
    await gate;
    return follow(...args);
  };
});

afterAll(async () => {
  release();
  await stack?.close();
});

describe('calls in flight per session (SESSION_MAX_IN_FLIGHT)', () => {
  it('refuses a websocket flood past the cap at once, naming it, over HTTP too; other sessions go on', async () => {
    const token = await stack.signIn();
    const other = await stack.signIn('dev@example.com');
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const s = await openSocket(stack.wsUrl, bearer(token));
    const ops = (from: number) =>
      Array.from({ length: 20 }, (_, i) => ({
        id: from + i,
        method: 'mutation',
        params: { path: 'notifications.follow', input: unfollow },
      }));
    for (let m = 0; m < 5; m++) s.ws.send(JSON.stringify(ops(m * 100)));
    // 100 calls sent; the first MAX run (and wait), every other one is answered with the refusal.
    await eventually('the refusals', () => s.messages.filter(refusedForCap).length === 100 - MAX);
    await eventually('the admitted calls waiting at the store', () => started === MAX);
    expect(stack.app.services.sessionCalls.inFlight(token)).toBe(MAX);
    expect(s.messages.filter((m) => (m as Answer).error?.data?.code === 'TOO_MANY_REQUESTS')).toHaveLength(
      100 - MAX,
    );

    // The same session over HTTP is at its cap too; another session is not.
    const mine = await following(token);
    expect(mine.status).toBe(429);
    expect(mine.body[0]?.error?.data?.limit).toBe('SESSION_MAX_IN_FLIGHT');
    const theirs = await following(other);
    expect(theirs.status).toBe(200);

    // Once the running calls answer, the session's place is free again.
    release();
    await eventually(
      'the admitted calls answered',
      () => s.messages.filter((m) => (m as Answer).result).length === MAX,
    );
    expect(stack.app.services.sessionCalls.inFlight(token)).toBe(0);
    const again = await following(token);
    expect(again.status).toBe(200);
    s.ws.close();
  });

  it('counts the calls of one HTTP batch, and never subscriptions', async () => {
    const token = await stack.signIn();
    gate = new Promise((resolve) => {
      release = resolve;
    });
    started = 0;
    const batch = rawBatch(stack.url, 'notifications.follow', Array(20).fill(unfollow), bearer(token));
    await eventually('the cap held', () => started === MAX);
    expect(stack.app.services.sessionCalls.inFlight(token)).toBe(MAX);
    // A subscription still starts at the cap: subscriptions are capped per socket and session apart.
    const s = await openSocket(stack.wsUrl, bearer(token));
    s.ws.send(
      JSON.stringify({ id: 50, method: 'subscription', params: { path: 'notifications.live', input: {} } }),
    );
    await s.next((m) => (m as Answer).id === 50 && Boolean((m as Answer).result));
    release();
    const { body } = await batch;
    expect(body.filter((a) => a.result)).toHaveLength(MAX);
    expect(body.filter((a) => refusedForCap(a))).toHaveLength(20 - MAX);
    expect(stack.app.services.sessionCalls.inFlight(token)).toBe(0);
    s.ws.close();
  });
});
