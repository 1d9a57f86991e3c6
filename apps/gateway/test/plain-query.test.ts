import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBearerToken, type SimStack, startSimStack } from './sim-stack.js';

/**
 * The gateway answers a single GET query on its plain path (src/plugins/trpc-plain-query.ts) and
 * every POST query through tRPC's own handler (method override): the two answers must be the same
 * for the real router, context and error formatter.
 */
let stack: SimStack;
let session = '';
let orderUid = '';

beforeAll(async () => {
  stack = await startSimStack();
  session = await demoBearerToken(stack.url);
  const search = await fetch(`${stack.url}/trpc/orders.search?input=${encodeURIComponent('{}')}`, {
    headers: { authorization: `Bearer ${session}` },
  });
  orderUid = ((await search.json()) as { result: { data: { orders: { uid: string }[] } } }).result.data
    .orders[0]!.uid;
});
afterAll(() => stack?.close());

/** An error's request id names its own request: two requests never share one. */
function withoutRequestId(body: unknown): unknown {
  const strip = (item: { error?: { data?: { requestId?: unknown } } }) => {
    if (item.error?.data) delete item.error.data.requestId;
    return item;
  };
  return Array.isArray(body) ? body.map(strip) : strip(body as never);
}

async function both(path: string, input: unknown, headers: Record<string, string>) {
  const sep = path.includes('?') ? '&' : '?';
  const query = input === undefined ? '' : `${sep}input=${encodeURIComponent(JSON.stringify(input))}`;
  const get = await fetch(`${stack.url}/trpc/${path}${query}`, { headers });
  const post = await fetch(`${stack.url}/trpc/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    // tRPC's handler reads a POST body as JSON and refuses an empty one: a call without input sends
    // null, which a procedure without an input parser ignores as it ignores a missing input.
    body: JSON.stringify(input ?? null),
  });
  // A GET's answer may go compressed, a POSTed one never (plugins/trpc.ts): only the GET varies
  // with accept-encoding.
  expect(get.headers.get('vary')).toMatch(/, accept-encoding$/);
  const read = async (res: Response) => ({
    status: res.status,
    type: res.headers.get('content-type'),
    vary: res.headers.get('vary')?.replace(/, accept-encoding$/, ''),
    body: withoutRequestId(await res.json()),
  });
  return { get: await read(get), post: await read(post) };
}

describe('plain GET queries against the real router', () => {
  const auth = () => ({ authorization: `Bearer ${session}` });
  it.each([
    ['users.me, signed in', 'users.me', undefined, true, 200],
    ['orders.detail, signed in', 'orders.detail', () => ({ uid: orderUid }), true, 200],
    [
      'orders.detail of an order the backend does not know',
      'orders.detail',
      { uid: 'no-such-order' },
      true,
      404,
    ],
    ['orders.detail with a bad id', 'orders.detail', { uid: '..' }, true, 400],
    ['users.me, signed out', 'users.me', undefined, false, 401],
  ] as const)('answers %s as tRPC does', async (_what, path, input, signedIn, status) => {
    const value = typeof input === 'function' ? input() : input;
    const { get, post } = await both(path, value, signedIn ? auth() : {});
    expect(get.status).toBe(status);
    expect(get).toEqual(post);
  });

  it("answers the console's batch of one (httpBatchLink) as tRPC does", async () => {
    for (const input of [{ uid: orderUid }, { uid: 'no-such-order' }]) {
      const { get, post } = await both('orders.detail?batch=1', { 0: input }, auth());
      expect(Array.isArray(get.body)).toBe(true);
      expect(get).toEqual(post);
    }
  });
});
