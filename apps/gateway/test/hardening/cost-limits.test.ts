import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Hardened, isOpen, openSocket, pingPong, type RawSocket, startHardened } from './stack.js';

let stack: Hardened;
let token: string;

beforeAll(async () => {
  stack = await startHardened({
    LIST_MAX_LOADED_ROWS: '400',
    BATCH_MAX_ROWS: '500',
    WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '3',
    WS_MAX_LIVE_ROWS_PER_SOCKET: '500',
    WS_MAX_PER_USER: '20',
  });
  token = await stack.signIn();
});

afterAll(async () => {
  await stack?.close();
});

type RpcAnswer = {
  result?: unknown;
  error?: { message: string; data: { code: string; httpStatus: number; requestId?: string } };
};

async function batch(calls: { path: string; input: unknown }[]) {
  const paths = calls.map((c) => c.path).join(',');
  const input = Object.fromEntries(calls.map((c, i) => [i, c.input]));
  const res = await fetch(
    `${stack.url}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  return {
    status: res.status,
    requestId: res.headers.get('x-request-id'),
    body: (await res.json()) as RpcAnswer[],
  };
}

const search = (window: { skip: number; limit: number }, refresh = false) => ({
  path: 'orders.search',
  input: { window, refresh },
});

describe('HTTP batches', () => {
  it('refuses a page over 100 rows with BAD_REQUEST naming window.limit', async () => {
    const { status, body } = await batch(Array.from({ length: 20 }, () => search({ skip: 0, limit: 5000 })));
    expect(status).toBe(400);
    expect(body[0]?.error?.data.code).toBe('BAD_REQUEST');
    expect(body[0]?.error?.message).toMatch(/window\.limit/);
  });

  it('refuses a refresh over LIST_MAX_LOADED_ROWS, naming the window and the limit, before any backend call', async () => {
    const searches = () => stack.sim!.control.callCounts()['/orders/search'] ?? 0;
    const before = searches();
    const { status, body } = await batch([search({ skip: 380, limit: 40 }, true)]);
    expect(status).toBe(400);
    expect(body[0]?.error?.data.code).toBe('BAD_REQUEST');
    expect(body[0]?.error?.message).toMatch(/skip \+ limit.*at most 400 \(LIST_MAX_LOADED_ROWS\)/);
    expect(body[0]?.error?.data).toMatchObject({ limit: 'LIST_MAX_LOADED_ROWS' });
    expect(searches()).toBe(before);
    // The same window without refresh reads one page: allowed.
    expect((await batch([search({ skip: 380, limit: 40 })])).status).toBe(200);
  });

  it('refuses a batch whose calls ask for more than BATCH_MAX_ROWS rows together; a smaller one passes', async () => {
    const big = await batch(Array.from({ length: 6 }, () => search({ skip: 0, limit: 100 })));
    expect(big.status).toBe(400);
    expect(big.body).toHaveLength(6);
    expect(big.body[5]?.error?.message).toMatch(/600 rows together; at most 500 \(BATCH_MAX_ROWS\)/);
    // Each refusal names its request, as every other error does, so it can be found in the logs.
    expect(big.requestId).toMatch(/\S/);
    expect(big.body.map((b) => b.error?.data.requestId)).toEqual(Array(6).fill(big.requestId));
    const fits = await batch(Array.from({ length: 5 }, () => search({ skip: 0, limit: 100 })));
    expect(fits.status).toBe(200);
    expect(fits.body.every((b) => b.result !== undefined)).toBe(true);
  });

  it('is not fooled by a key spelled with JSON escapes', async () => {
    const input = '{"0":{"\\u0077indow":{"skip":380,"limit":40},"refresh":true}}';
    const res = await fetch(`${stack.url}/trpc/orders.search?batch=1&input=${encodeURIComponent(input)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as RpcAnswer[];
    expect(body[0]?.error?.message).toMatch(/LIST_MAX_LOADED_ROWS/);
  });

  it('refuses input or batch given more than once with a 400 naming it, before any backend call', async () => {
    const searches = () => stack.sim!.control.callCounts()['/orders/search'] ?? 0;
    const before = searches();
    const calls = Array.from({ length: 6 }, () => search({ skip: 0, limit: 100 }));
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(calls.map((c, i) => [i, c.input]))));
    const paths = calls.map((c) => c.path).join(',');
    for (const [name, query] of [
      ['input', `batch=1&input=${input}&input=x`],
      ['batch', `batch=1&input=${input}&batch=0`],
    ] as const) {
      const res = await fetch(`${stack.url}/trpc/${paths}?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as RpcAnswer[];
      expect(body).toHaveLength(6);
      expect(body[0]?.error?.data.code).toBe('BAD_REQUEST');
      expect(body[0]?.error?.message).toMatch(new RegExp(`^${name} given more than once`));
    }
    // Not batched: one error, as tRPC answers a single call.
    const single = await fetch(`${stack.url}/trpc/orders.search?input=${encodeURIComponent('{}')}&input=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(single.status).toBe(400);
    expect(((await single.json()) as RpcAnswer).error?.message).toMatch(/^input given more than once/);
    expect(searches()).toBe(before);
  });

  it('counts the calls and input tRPC reads: an encoded comma in the path, a fragment after the query', async () => {
    const calls = Array.from({ length: 6 }, () => search({ skip: 0, limit: 100 }));
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(calls.map((c, i) => [i, c.input]))));
    const { port } = new URL(stack.url);
    // node:http sends the target as it is: fetch would drop the fragment.
    const status = (target: string) =>
      new Promise<number>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, path: target, headers: { authorization: `Bearer ${token}` } })
          .on('response', (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject)
          .end();
      });
    expect(await status(`/trpc/${calls.map((c) => c.path).join('%252C')}?batch=1&input=${input}`)).toBe(400);
    expect(await status(`/trpc/${calls.map((c) => c.path).join(',')}?batch=1&input=${input}#x`)).toBe(400);
  });

  it('refuses an oversized POST batch the same way', async () => {
    const input = {
      0: { window: { skip: 300, limit: 100 }, refresh: true },
      1: { window: { skip: 0, limit: 100 } },
      2: { window: { skip: 0, limit: 100 } },
    };
    const res = await fetch(`${stack.url}/trpc/orders.search,orders.filter,orders.search?batch=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    // POST runs queries only with method override; the row check comes first either way.
    expect(res.status).toBe(400);
    const body = (await res.json()) as RpcAnswer[];
    expect(body[1]?.error?.message).toMatch(/BATCH_MAX_ROWS/);
  });
});

const subscribe = (s: RawSocket, id: number, input: unknown) =>
  s.ws.send(JSON.stringify({ id, method: 'subscription', params: { path: 'orders.live', input } }));
const answerTo = (s: RawSocket, id: number) =>
  s.next(
    (m) =>
      (m as { id?: number }).id === id &&
      ((m as RpcAnswer).error !== undefined || (m as { result?: unknown }).result !== undefined),
  ) as Promise<RpcAnswer & { result?: { type: string } }>;
const filterOf = (n: number) => ({ filter: { reference: `r${n}` }, window: { skip: 0, limit: 20 } });

describe('websocket messages and subscriptions', () => {
  it('refuses a message asking for too many rows with BAD_REQUEST per call, and keeps the socket', async () => {
    const s = await openSocket(stack.wsUrl, { authorization: `Bearer ${token}` });
    subscribe(s, 1, { window: { skip: 400, limit: 100 } });
    const one = await answerTo(s, 1);
    expect(one.error?.data.code).toBe('BAD_REQUEST');
    expect(one.error?.message).toMatch(/LIST_MAX_LOADED_ROWS/);
    const calls = Array.from({ length: 3 }, (_, i) => ({
      id: 10 + i,
      method: 'subscription',
      params: { path: 'orders.live', input: { window: { skip: 100, limit: 100 } } },
    }));
    s.ws.send(JSON.stringify(calls));
    for (const c of calls) {
      const answer = await answerTo(s, c.id);
      expect(answer.error?.data.code).toBe('BAD_REQUEST');
      expect(answer.error?.message).toMatch(/600 rows together; at most 500 \(BATCH_MAX_ROWS\)/);
      expect(answer.error?.data).toMatchObject({ limit: 'BATCH_MAX_ROWS' });
      // Named by the socket's upgrade request, as every call of the socket is.
      expect(answer.error?.data.requestId).toMatch(/\S/);
      expect(answer.error?.data.requestId).toBe(one.error?.data.requestId);
    }
    await pingPong(s);
    expect(isOpen(s)).toBe(true);
    s.ws.close();
  });

  it('applies both per-message caps to a message led by JSON whitespace, with the same answer', async () => {
    const s = await openSocket(stack.wsUrl, { authorization: `Bearer ${token}` });
    const lists = (from: number) =>
      Array.from({ length: 3 }, (_, i) => ({
        id: from + i,
        method: 'subscription',
        params: { path: 'orders.live', input: { window: { skip: 100, limit: 100 } } },
      }));
    const queries = (from: number) =>
      Array.from({ length: 21 }, (_, i) => ({
        id: from + i,
        method: 'query',
        params: { path: 'auth.session', input: null },
      }));
    const errorOf = async (frame: string, id: number) => {
      s.ws.send(frame);
      return (await answerTo(s, id)).error;
    };
    const rows = await errorOf(JSON.stringify(lists(100)), 100);
    expect(rows?.message).toMatch(/BATCH_MAX_ROWS/);
    const operations = await errorOf(JSON.stringify(queries(200)), 200);
    expect(operations?.message).toMatch(/at most 20 operations/);
    // JSON.parse skips space, tab, carriage return and line feed before the value.
    for (const [n, lead] of [' ', '\t', '\r\n', ' \n\t '].entries()) {
      const from = 1000 * (n + 1);
      expect(await errorOf(lead + JSON.stringify(lists(from)), from), JSON.stringify(lead)).toEqual(rows);
      expect(await errorOf(lead + JSON.stringify(queries(from + 100)), from + 100)).toEqual(operations);
    }
    await pingPong(s);
    expect(isOpen(s)).toBe(true);
    s.ws.close();
  });

  it('caps subscriptions per socket with TOO_MANY_REQUESTS; a stopped one frees its place; other sockets are not affected', async () => {
    const [a, b] = await Promise.all([
      openSocket(stack.wsUrl, { authorization: `Bearer ${token}` }),
      openSocket(stack.wsUrl, { authorization: `Bearer ${token}` }),
    ]);
    for (const id of [1, 2, 3]) {
      subscribe(a, id, filterOf(id));
      expect((await answerTo(a, id)).result?.type).toBe('started');
    }
    subscribe(a, 4, filterOf(4));
    const refused = await answerTo(a, 4);
    expect(refused.error?.data.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.error?.message).toMatch(/at most 3, WS_MAX_SUBSCRIPTIONS_PER_SOCKET/);
    expect(refused.error?.data).toMatchObject({ limit: 'WS_MAX_SUBSCRIPTIONS_PER_SOCKET' });
    // Another socket of the same session has its own places.
    subscribe(b, 1, filterOf(1));
    expect((await answerTo(b, 1)).result?.type).toBe('started');
    // A stop gives the place back.
    a.ws.send(JSON.stringify({ id: 2, method: 'subscription.stop' }));
    await pingPong(a);
    subscribe(a, 5, filterOf(5));
    expect((await answerTo(a, 5)).result?.type).toBe('started');
    // A subscription refused by its own input gives its place back too.
    a.ws.send(JSON.stringify({ id: 3, method: 'subscription.stop' }));
    await pingPong(a);
    subscribe(a, 6, { window: { limit: 'x' } });
    expect((await answerTo(a, 6)).error?.data.code).toBe('BAD_REQUEST');
    subscribe(a, 7, filterOf(7));
    expect((await answerTo(a, 7)).result?.type).toBe('started');
    expect(isOpen(a) && isOpen(b)).toBe(true);
    a.ws.close();
    b.ws.close();
  });

  it('caps the rows the live lists of one socket re-read together (WS_MAX_LIVE_ROWS_PER_SOCKET)', async () => {
    const s = await openSocket(stack.wsUrl, { authorization: `Bearer ${token}` });
    const big = (n: number) => ({ filter: { reference: `big${n}` }, window: { skip: 200, limit: 100 } });
    subscribe(s, 1, big(1));
    expect((await answerTo(s, 1)).result?.type).toBe('started');
    subscribe(s, 2, big(2));
    const refused = await answerTo(s, 2);
    expect(refused.error?.data.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.error?.message).toMatch(/re-read 600 rows \(at most 500, WS_MAX_LIVE_ROWS_PER_SOCKET\)/);
    expect(refused.error?.data).toMatchObject({ limit: 'WS_MAX_LIVE_ROWS_PER_SOCKET' });
    // A small list still fits beside the big one; stopping the big one frees its rows.
    subscribe(s, 3, filterOf(3));
    expect((await answerTo(s, 3)).result?.type).toBe('started');
    s.ws.send(JSON.stringify({ id: 1, method: 'subscription.stop' }));
    await pingPong(s);
    subscribe(s, 4, big(4));
    expect((await answerTo(s, 4)).result?.type).toBe('started');
    s.ws.close();
  });
});
