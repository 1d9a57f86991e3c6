import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { BackendClient } from '../src/backend/backend-client.js';
import { BackendError } from '../src/backend/backend-error.js';
import { createMetrics } from '../src/metrics.js';
import { sendJson, startFakeBackend } from './fake-backend.js';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const user = { uid: 'u1', name: 'Ops', department: 'customer_support', access_to: [], superadmin: false };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setup(handler: Parameters<typeof startFakeBackend>[0], timeoutMs = 2000) {
  const fake = await startFakeBackend(handler);
  const metrics = createMetrics();
  const client = new BackendClient({ baseUrl: fake.url, timeoutMs, logger, metrics });
  cleanups.push(
    () => fake.close(),
    () => client.close(),
  );
  return { fake, client, metrics };
}

async function failure(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected the call to fail');
}

describe('BackendClient', () => {
  it('sends JSON with the bearer token and returns the validated data', async () => {
    const { fake, client, metrics } = await setup((_req, res) => sendJson(res, 200, { data: { user } }));
    const data = await client.call('users.me', { token: 'tok-1' });
    expect(data.user.name).toBe('Ops');
    expect(fake.requests[0]).toMatchObject({ method: 'GET', url: '/users/me' });
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer tok-1');
    const text = await metrics.registry.metrics();
    expect(text).toContain('waybill_backend_calls_total{route="/users/me",outcome="200"} 1');
    expect(text).toContain('waybill_backend_call_duration_seconds_count{route="/users/me",outcome="200"} 1');
  });

  it('fills path parameters (encoded) and query strings, and posts bodies as JSON', async () => {
    const { fake, client } = await setup((req, res) => {
      if (req.url.startsWith('/api'))
        return sendJson(res, 200, { data: { authorization_url: 'https://g/x' } });
      return sendJson(res, 200, {
        data: { workflow: { uid: 'w', order_uid: 'o', status: 's', created_at: 't' } },
      });
    });
    await client.call('auth.googleAuthorizationLink', { query: { state: 'abc def', other: undefined } });
    expect(fake.requests[0]?.url).toBe('/api/v1/login/google/authorization_link?state=abc+def');
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
    await client.call('orders.invalidAddress.create', { token: 't', body: { order_uid: 'o/1' } });
    expect(fake.requests[1]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(fake.requests[1]?.body ?? '')).toEqual({ order_uid: 'o/1' });
  });

  it('refuses an authorised route without a token before calling the backend', async () => {
    const { fake, client } = await setup((_req, res) => sendJson(res, 200, { data: { user } }));
    const error = await failure(client.call('users.me', {}));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(fake.requests).toHaveLength(0);
  });

  it('checks the outgoing body against the backend schema', async () => {
    const { fake, client } = await setup((_req, res) => sendJson(res, 200, {}));
    const error = await failure(client.call('orders.reissueLabel', { token: 't', body: { order_uid: 'o' } }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('number_of_parcels');
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    [401, 'UNAUTHORIZED'],
    [404, 'NOT_FOUND'],
    [409, 'BAD_REQUEST'],
    [422, 'BAD_REQUEST'],
  ] as const)('maps HTTP %i to %s with the server error message', async (status, code) => {
    const { client } = await setup((_req, res) =>
      sendJson(res, status, { error: { code: 'x', message: `server says ${status}` } }),
    );
    const error = await failure(client.call('users.me', { token: 't' }));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`server says ${status}`);
    expect(error.details).toMatchObject({ path: '/users/me', status, error: { code: 'x' } });
  });

  it("says 'validation error' when a failure carries no error body", async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(400);
      res.end('nope');
    });
    const error = await failure(client.call('users.me', { token: 't' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('validation error');
  });

  it('turns a 5xx into BAD_GATEWAY naming the backend path', async () => {
    const { client } = await setup((_req, res) =>
      sendJson(res, 503, { error: { code: 'down', message: 'db down' } }),
    );
    const error = await failure(client.call('organizations', { token: 't' }));
    expect(error.code).toBe('BAD_GATEWAY');
    expect(error.message).toContain('/organizations');
    expect(error.message).toContain('503');
  });

  it('rejects invalid JSON, a missing data field and an answer failing its schema, counting each as invalid', async () => {
    let answer: string = '{oops';
    const { client, metrics } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer);
    });
    let error = await failure(client.call('users.me', { token: 't' }));
    expect(error.code).toBe('BAD_GATEWAY');
    expect(error.message).toContain('invalid JSON');

    answer = JSON.stringify({ user });
    error = await failure(client.call('users.me', { token: 't' }));
    expect(error.message).toContain('no data field');

    answer = JSON.stringify({ data: { user: { ...user, uid: 42 } } });
    error = await failure(client.call('users.me', { token: 't' }));
    expect(error.code).toBe('BAD_GATEWAY');
    expect(error.message).toContain('/users/me');
    expect(error.message).toContain('data.user.uid');
    // Answered 200, refused all three times: the error ratio sees them, the 200s do not.
    const text = await metrics.registry.metrics();
    expect(text).toContain('waybill_backend_calls_total{route="/users/me",outcome="invalid"} 3');
    expect(text).not.toContain('waybill_backend_calls_total{route="/users/me",outcome="200"}');
  });

  it('times out a slow backend with GATEWAY_TIMEOUT', async () => {
    const { client, metrics } = await setup((_req, res) => {
      setTimeout(() => sendJson(res, 200, { data: { user } }), 2000);
    }, 100);
    const error = await failure(client.call('users.me', { token: 't' }));
    expect(error.code).toBe('GATEWAY_TIMEOUT');
    expect(error.message).toContain('/users/me');
    expect(await metrics.registry.metrics()).toContain('outcome="timeout"');
  });

  it('reports an unreachable backend as BAD_GATEWAY', async () => {
    const fake = await startFakeBackend((_req, res) => sendJson(res, 200, {}));
    await fake.close();
    const client = new BackendClient({
      baseUrl: fake.url,
      timeoutMs: 1000,
      logger,
      metrics: createMetrics(),
    });
    cleanups.push(() => client.close());
    const error = await failure(client.call('users.me', { token: 't' }));
    expect(error.code).toBe('BAD_GATEWAY');
    expect(error.message).toMatch(/unreachable.*\/users\/me.*ECONNREFUSED/);
    expect(await client.ping(500)).toBe(false);
  });

  it('is not ready when the backend does not answer within the probe deadline', async () => {
    const { client } = await setup((_req, res) => {
      setTimeout(() => sendJson(res, 200, { data: [] }), 1500);
    }, 5000);
    const started = performance.now();
    expect(await client.ping(100)).toBe(false);
    // The probe's own deadline, not the client's 5 s one and not the slow answer.
    expect(performance.now() - started).toBeLessThan(1000);
    // A call's own timeout is named as such.
    const error = await failure(client.call('fulfillmentCenters', { timeoutMs: 100 }));
    expect(error.code).toBe('GATEWAY_TIMEOUT');
    expect(error.message).toMatch(/within 100 ms/);
  });

  it('passes caller cancellation on as CLIENT_CLOSED_REQUEST', async () => {
    const { client } = await setup((_req, res) => {
      setTimeout(() => sendJson(res, 200, { data: { user } }), 1000);
    });
    const controller = new AbortController();
    const pending = client.call('users.me', { token: 't', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect((await failure(pending)).code).toBe('CLIENT_CLOSED_REQUEST');
  });

  it('streams downloads from the backend origin only', async () => {
    const { fake, client } = await setup((req, res) => {
      if (req.url === '/files/report.xlsx') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end('file-bytes');
      } else sendJson(res, 404, { error: { code: 'nf', message: 'no such file' } });
    });
    const ok = await client.stream(`${fake.url}/files/report.xlsx`, 'tok');
    expect(ok.statusCode).toBe(200);
    expect(await ok.body.toArray().then((c) => Buffer.concat(c).toString())).toBe('file-bytes');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer tok');
    const relative = await client.stream('/files/report.xlsx', 'tok');
    await relative.body.toArray();
    expect((await failure(client.stream('/files/missing', 'tok'))).code).toBe('NOT_FOUND');
    expect((await failure(client.stream('https://elsewhere.example/x', 'tok'))).code).toBe('BAD_REQUEST');
  });
});
