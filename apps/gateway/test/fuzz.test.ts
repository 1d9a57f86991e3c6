import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './helpers.js';
import { DEMO, type SimStack, startSimStack } from './sim-stack.js';

let stack: SimStack;
let token: string;

beforeAll(async () => {
  // Each forged bearer is a token new to the gateway, counted against the sign-in limit per
  // address: lifted here, so every one gets its own answer.
  stack = await startSimStack({ SIGNIN_RATE_MAX: '1000000' });
  token = (await httpClient(stack.url).auth.passwordLogin.mutate({ ...DEMO, bearer: true })).token!;
});

afterAll(async () => {
  await stack?.close();
});

const QUERIES = [
  'orders.search',
  'orders.statistics',
  'orders.filter',
  'orders.detail',
  'inbounds.search',
  'inbounds.detail',
  'clients.search',
  'auth.googleAuthorizationLink',
  'auth.shopifyAuthorize',
];
const MUTATIONS = [
  'auth.passwordLogin',
  'auth.googleCallback',
  'orders.changeStatus',
  'orders.reissueLabel',
  'orders.comments.add',
  'orders.comments.markSeen',
  'orders.invalidAddress.create',
  'inbounds.changeStatus',
];

/** Inputs shaped like the real ones often enough to get past the outer object checks. */
const inputs = fc.oneof(
  fc.anything(),
  fc.record(
    { filter: fc.dictionary(fc.string(), fc.anything()), window: fc.anything() },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      uid: fc.anything(),
      orderUid: fc.string(),
      text: fc.string(),
      status: fc.string(),
      happenedAt: fc.string(),
    },
    { requiredKeys: [] },
  ),
);

async function call(path: string, kind: 'query' | 'mutation', input: unknown): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const json = JSON.stringify(input === undefined ? null : input) ?? 'null';
  const response =
    kind === 'query'
      ? await fetch(`${stack.url}/trpc/${path}?input=${encodeURIComponent(json)}`, { headers })
      : await fetch(`${stack.url}/trpc/${path}`, { method: 'POST', headers, body: json });
  await response.arrayBuffer();
  return response.status;
}

describe('fuzzed inputs', () => {
  it('never produce a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ...QUERIES.map((p) => ['query', p] as const),
          ...MUTATIONS.map((p) => ['mutation', p] as const),
        ),
        inputs,
        async ([kind, path], input) => {
          const status = await call(path, kind, input);
          expect(status, `${path} ${JSON.stringify(input)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
  }, 120_000);

  it('answers any forged cookie or bearer credential with 401, never a 5xx', async () => {
    // Cookies are percent-decoded by the gateway, so any string (CR/LF, NUL, non-ASCII) can arrive.
    const cookieValue = fc.string({ unit: 'binary', minLength: 1, maxLength: 200 });
    // Bearer values of any printable ASCII (raw non-ASCII bytes are in auth/malformed-credentials.test.ts).
    const bearerValue = fc
      .string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1 })
      .filter((v) => !v.includes(token));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          cookieValue.map((v) => ['cookie', v] as const),
          bearerValue.map((v) => ['bearer', v] as const),
        ),
        async ([where, value]) => {
          const headers: Record<string, string> =
            where === 'cookie'
              ? { cookie: `${AUTH_COOKIE_NAME}=${encodeURIComponent(value)}` }
              : { authorization: `Bearer ${value}` };
          const response = await fetch(`${stack.url}/trpc/users.me`, { headers });
          await response.arrayBuffer();
          expect(response.status, `${where} ${JSON.stringify(value)}`).toBe(401);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('survives malformed wire requests', async () => {
    const bad = [
      `${stack.url}/trpc/orders.search?input=%ZZ`,
      `${stack.url}/trpc/orders.search?batch=1&input={"0":`,
      `${stack.url}/trpc/orders.search,orders.filter?batch=1&input=[]`,
      `${stack.url}/trpc/${'a.'.repeat(3000)}`,
      `${stack.url}/trpc/orders.search?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [i, {}]))))}`,
    ];
    for (const url of bad) {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, url).toBeLessThan(500);
    }
  });
});
