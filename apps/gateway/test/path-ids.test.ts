import { startSim } from '@waybill/backend-sim';
import { BACKEND_ROUTES } from '@waybill/contracts';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackendClient } from '../src/backend/backend-client.js';
import { BackendError } from '../src/backend/backend-error.js';
import { createMetrics } from '../src/metrics.js';
import { sendJson, startFakeBackend } from './fake-backend.js';
import { type FaultProxy, startFaultProxy } from './hardening/fault-proxy.js';
import { type Hardened, type Sim, startHardened } from './hardening/stack.js';

/**
 * Every procedure that puts an id into a backend path, with the input field that carries it.
 * The last test checks this table covers every backend route with a path placeholder.
 */
const PATH_ID_PROCEDURES = [
  { procedure: 'orders.detail', kind: 'query', route: 'orders.detail', field: 'uid', input: {} },
  {
    procedure: 'orders.comments.add',
    kind: 'mutation',
    route: 'orders.addComment',
    field: 'orderUid',
    input: { text: 'a comment long enough to pass the editor rules' },
  },
  { procedure: 'inbounds.detail', kind: 'query', route: 'inbounds.detail', field: 'uid', input: {} },
] as const;

const DOT_IDS = ['.', '..'];

let sim: Sim;
let proxy: FaultProxy;
let stack: Hardened;
let token: string;

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, control: true });
  proxy = await startFaultProxy(sim.url);
  stack = await startHardened({ BACKEND_URL: proxy.url });
  token = await stack.signIn();
});

afterAll(async () => {
  await stack?.close();
  await proxy?.close();
  await sim?.close();
});

async function callProcedure(procedure: string, kind: 'query' | 'mutation', input: unknown) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const response =
    kind === 'query'
      ? await fetch(`${stack.url}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
          headers,
        })
      : await fetch(`${stack.url}/trpc/${procedure}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(input),
        });
  const body = (await response.json()) as { error?: { message: string; data: { code: string } } };
  return { status: response.status, body };
}

describe('ids "." and ".." never reach a backend path', () => {
  it('refuses them with BAD_REQUEST naming the field, before any backend call', async () => {
    for (const { procedure, kind, field, input } of PATH_ID_PROCEDURES) {
      for (const id of DOT_IDS) {
        const seenBefore = proxy.requests.length;
        const { status, body } = await callProcedure(procedure, kind, { ...input, [field]: id });
        expect(status, `${procedure} ${field}=${id}`).toBe(400);
        expect(body.error?.data.code).toBe('BAD_REQUEST');
        expect(body.error?.message).toContain(field);
        expect(proxy.requests.slice(seenBefore), `${procedure} ${field}=${id} reached the backend`).toEqual(
          [],
        );
      }
    }
  });

  it('still passes real ids through (the same procedures answer for an existing order and inbound)', async () => {
    const search = await fetch(`${stack.url}/trpc/orders.search?input=%7B%7D`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const orderUid = ((await search.json()) as { result: { data: { orders: Array<{ uid: string }> } } })
      .result.data.orders[0]!.uid;
    const detail = await callProcedure('orders.detail', 'query', { uid: orderUid });
    expect(detail.status).toBe(200);
    expect(proxy.requests.some((r) => r.path === `/orders/order/${encodeURIComponent(orderUid)}`)).toBe(true);
  });

  it('covers every backend route with a path placeholder', () => {
    const withPlaceholder = Object.entries(BACKEND_ROUTES)
      .filter(([, route]) => route.path.includes('{'))
      .map(([name]) => name)
      .sort();
    expect([...new Set(PATH_ID_PROCEDURES.map((p) => p.route))].sort()).toEqual(withPlaceholder);
  });
});

describe('BackendClient path building', () => {
  const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

  it('refuses ".", "..", "/", "\\" and control characters in a path parameter before calling', async () => {
    const fake = await startFakeBackend((_req, res) => sendJson(res, 200, { data: {} }));
    const client = new BackendClient({
      baseUrl: fake.url,
      timeoutMs: 2000,
      logger,
      metrics: createMetrics(),
    });
    try {
      for (const uid of ['.', '..', 'a/b', '/', 'a\\b', '\\', 'a\u0000b', 'a\nb', 'a\u007fb', '%2e%2e']) {
        const error = await client.call('orders.detail', { token: 't', params: { uid } }).then(
          () => null,
          (e: unknown) => e,
        );
        if (uid === '%2e%2e') {
          // Encoded as %252e%252e: a literal id, not a dot segment; the call is made.
          continue;
        }
        expect(error, JSON.stringify(uid)).toBeInstanceOf(BackendError);
        expect((error as BackendError).code).toBe('BAD_REQUEST');
        expect((error as BackendError).message).toContain('uid');
      }
      expect(fake.requests.map((r) => r.url)).toEqual(['/orders/order/%252e%252e']);
    } finally {
      await client.close();
      await fake.close();
    }
  });
});
