import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBearerToken, type SimStack, startSimStack } from './sim-stack.js';

/** HTTP answers of /trpc go compressed to clients that accept it, and as plain JSON to the others. */
let stack: SimStack;
let auth: Record<string, string> = {};

beforeAll(async () => {
  stack = await startSimStack();
  auth = { authorization: `Bearer ${await demoBearerToken(stack.url)}` };
});
afterAll(() => stack?.close());

/** The raw answer: undici's request leaves the body as the server encoded it. */
async function raw(path: string, headers: Record<string, string> = {}) {
  const res = await request(`${stack.url}/trpc/${path}`, { headers: { ...auth, ...headers } });
  return {
    status: res.statusCode,
    encoding: res.headers['content-encoding'],
    vary: String(res.headers.vary ?? ''),
    type: String(res.headers['content-type'] ?? ''),
    body: Buffer.from(await res.body.arrayBuffer()),
  };
}

// The console's first reference batch (httpBatchLink), and one query on the plain path.
const BATCH = `reference.organizations,reference.sellingChannels,reference.fulfillmentCenters?batch=1&input=${encodeURIComponent('{}')}`;
const SINGLE = `orders.search?input=${encodeURIComponent('{}')}`;

describe('compressed answers', () => {
  it.each([
    ['a batch', BATCH],
    ['a single query', SINGLE],
  ])('sends %s brotli- or gzip-encoded when asked, the same JSON as plain', async (_what, path) => {
    const plain = await raw(path);
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4096);

    const br = await raw(path, { 'accept-encoding': 'br' });
    expect(br.encoding).toBe('br');
    expect(br.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    const gzip = await raw(path, { 'accept-encoding': 'gzip' });
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });
  it('sends what comes by POST (mutations, queries POSTed for a long input) as it is', async () => {
    const res = await request(`${stack.url}/trpc/orders.search`, {
      method: 'POST',
      headers: { ...auth, 'accept-encoding': 'br, gzip', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    const body = Buffer.from(await res.body.arrayBuffer());
    expect(body.length).toBeGreaterThan(4096);
    expect(JSON.parse(body.toString())).toHaveProperty('result.data.orders');
  });
});
