import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionLiveRows } from '../../src/security/subscription-limits.js';
import { eventually } from '../realtime/harness.js';
import { type Hardened, isOpen, openSocket, pingPong, type RawSocket, startHardened } from './stack.js';

/**
 * The live lists of one session, over all its websockets, re-read at most SESSION_MAX_LIVE_ROWS rows:
 * WS_MAX_LIVE_ROWS_PER_SOCKET alone let one session open 50 sockets of 2 lists of 1,000 rows each.
 */
let stack: Hardened;

beforeAll(async () => {
  stack = await startHardened({ SESSION_MAX_LIVE_ROWS: '3000', WS_MAX_LIVE_ROWS_PER_SOCKET: '2000' });
});

afterAll(async () => {
  await stack?.close();
});

type Answer = {
  result?: { type?: string };
  error?: { message: string; data: { code: string; limit?: string | null } };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A list of 1,000 rows (skip + limit), each its own cohort. */
const big = (n: number) => ({ filter: { reference: `big${n}` }, window: { skip: 900, limit: 100 } });
const subscribe = (s: RawSocket, id: number, input: unknown) =>
  s.ws.send(JSON.stringify({ id, method: 'subscription', params: { path: 'orders.live', input } }));
const answerTo = (s: RawSocket, id: number) =>
  s.next(
    (m) =>
      (m as { id?: number }).id === id &&
      ((m as Answer).error !== undefined || (m as Answer).result !== undefined),
    10_000,
  ) as Promise<Answer>;

describe('live rows per session, over all its websockets', () => {
  it('refuses the list that would pass SESSION_MAX_LIVE_ROWS with TOO_MANY_REQUESTS; a stopped one frees its rows', async () => {
    const token = await stack.signIn();
    const [a, b] = await Promise.all([
      openSocket(stack.wsUrl, bearer(token)),
      openSocket(stack.wsUrl, bearer(token)),
    ]);
    subscribe(a, 1, big(1));
    subscribe(a, 2, big(2));
    subscribe(b, 1, big(3));
    for (const [s, id] of [
      [a, 1],
      [a, 2],
      [b, 1],
    ] as const)
      expect((await answerTo(s, id)).result?.type).toBe('started');
    // Socket b holds 1,000 rows of its own 2,000: only the session's budget refuses this one.
    subscribe(b, 2, big(4));
    const refused = await answerTo(b, 2);
    expect(refused.error?.data.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.error?.data.limit).toBe('SESSION_MAX_LIVE_ROWS');
    expect(refused.error?.message).toMatch(
      /live lists of this session would re-read 4000 rows over all its websockets \(at most 3000, SESSION_MAX_LIVE_ROWS\)/,
    );
    // Another session (even of the same user) has its own budget.
    const other = await openSocket(stack.wsUrl, bearer(await stack.signIn()));
    subscribe(other, 1, big(5));
    expect((await answerTo(other, 1)).result?.type).toBe('started');
    // A stop on one socket frees rows for another.
    a.ws.send(JSON.stringify({ id: 2, method: 'subscription.stop' }));
    await pingPong(a);
    subscribe(b, 3, big(6));
    expect((await answerTo(b, 3)).result?.type).toBe('started');
    expect(sessionLiveRows(token)).toBe(3000);
    // A closed socket frees all of its rows: then a list fits on a third socket.
    a.ws.close();
    await eventually('the closed socket to free its rows', () => sessionLiveRows(token) === 2000);
    const c = await openSocket(stack.wsUrl, bearer(token));
    subscribe(c, 1, big(7));
    expect((await answerTo(c, 1)).result?.type).toBe('started');
    expect(isOpen(b)).toBe(true);
    b.ws.close();
    c.ws.close();
    other.ws.close();
  });

  it('books nothing for a subscription refused as a duplicate id, whether its socket stays open or closes', async () => {
    const token = await stack.signIn();
    const a = await openSocket(stack.wsUrl, bearer(token));
    subscribe(a, 1, big(11));
    expect((await answerTo(a, 1)).result?.type).toBe('started');
    subscribe(a, 1, big(12));
    const duplicate = (await a.next(
      (m) => (m as { id?: number }).id === 1 && (m as Answer).error !== undefined,
    )) as Answer;
    expect(duplicate.error?.data.code).toBe('BAD_REQUEST');
    expect(duplicate.error?.message).toBe('Duplicate id 1');
    expect(sessionLiveRows(token)).toBe(1000);
    // The rest of the session's budget is whole: two more lists of 1,000 rows fit on another socket.
    const b = await openSocket(stack.wsUrl, bearer(token));
    subscribe(b, 1, big(13));
    subscribe(b, 2, big(14));
    expect((await answerTo(b, 1)).result?.type).toBe('started');
    expect((await answerTo(b, 2)).result?.type).toBe('started');
    // Duplicates sent on sockets closed at once leave nothing behind either.
    b.ws.close();
    for (let n = 0; n < 3; n++) {
      const c = await openSocket(stack.wsUrl, bearer(token));
      subscribe(c, 1, big(20 + n));
      subscribe(c, 1, big(20 + n));
      c.ws.close();
    }
    a.ws.close();
    await eventually('every socket to give its rows back', () => sessionLiveRows(token) === 0);
    const d = await openSocket(stack.wsUrl, bearer(token));
    for (const id of [1, 2]) subscribe(d, id, big(30 + id));
    const e = await openSocket(stack.wsUrl, bearer(token));
    subscribe(e, 1, big(33));
    for (const [s, id] of [
      [d, 1],
      [d, 2],
      [e, 1],
    ] as const)
      expect((await answerTo(s, id)).result?.type).toBe('started');
    d.ws.close();
    e.ws.close();
  });
});
