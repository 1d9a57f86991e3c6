import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { helmetOptions, recordHeaders } from '../src/plugins/security.js';
import { CLIENT_VERSIONS } from '../src/version.js';
import { type FakeHandler, sendJson, startFakeBackend } from './fake-backend.js';
import {
  httpClient,
  type RunningGateway,
  rawQuery,
  startGateway,
  TEST_METRICS_TOKEN,
  trpcError,
} from './helpers.js';

const user = { uid: 'u1', name: 'Ops', department: 'customer_support', access_to: [], superadmin: false };

/** The behaviour of the fake backend, switchable per test. */
let behaviour: FakeHandler = (_req, res) => sendJson(res, 200, { data: {} });

let fake: Awaited<ReturnType<typeof startFakeBackend>>;
let gateway: RunningGateway;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'waybill-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Waybill</title><div id="root"></div>');
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  // As the web build writes them: the gzip twin next to the file.
  await writeFile(join(webDist, 'assets', 'big-def456.js'), 'console.log("big")');
  await writeFile(join(webDist, 'assets', 'big-def456.js.gz'), gzipSync('console.log("big")'));
  fake = await startFakeBackend((req, res) => behaviour(req, res));
  gateway = await startGateway({ BACKEND_URL: fake.url, WEB_DIST: webDist, BACKEND_TIMEOUT_MS: '300' });
});

afterAll(async () => {
  await gateway?.close();

  await fake?.close();

  await rm(webDist, { recursive: true, force: true });
});

describe('static hosting', () => {
  it('serves index.html for every console route, without caching', async () => {
    for (const path of [
      '/',
      '/login?state=abc',
      '/login/callback/google?code=x',
      '/realtime',
      '/realtime/order?uid=1',
      '/inbounds',
      '/inbounds/inbound',
      '/clients',
      '/me',
    ]) {
      const response = await fetch(`${gateway.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and security headers', async () => {
    const response = await fetch(`${gateway.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('sends the pre-compressed twin of an asset to a browser that accepts it, the plain file otherwise', async () => {
    const url = `${gateway.url}/assets/big-def456.js`;
    const zipped = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('accept-encoding');
    expect(zipped.headers.get('cache-control')).toContain('immutable');
    expect(await zipped.text()).toBe('console.log("big")');
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("big")');
  });

  it('answers 404 for unknown assets, unknown pages and unknown procedures', async () => {
    expect((await fetch(`${gateway.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/nowhere`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/realtime/other`)).status).toBe(404);
    const unknown = await fetch(`${gateway.url}/trpc/orders.nothing`);
    expect(unknown.status).toBe(404);
    const body = (await unknown.json()) as { error: { data: { code: string } } };
    expect(body.error.data.code).toBe('NOT_FOUND');
  });

  it('gives a browser the console (its not-found page) for an unknown page, with status 404', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const path of ['/no-such-page', '/realtime/other?x=1', '/a/b/c/']) {
      const response = await fetch(`${gateway.url}${path}`, { headers: html });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('text/html');
      expect(await response.text(), path).toContain('<div id="root">');
    }
    // Never for the API, downloads, probes, metrics or files, even to a browser.
    for (const path of [
      '/trpc/orders.nothing',
      '/exports/x/nothing',
      '/healthz/x',
      '/readyz/x',
      '/metrics/x',
      '/assets/missing.js',
      '/missing.png',
    ]) {
      const response = await fetch(`${gateway.url}${path}`, { headers: html });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/json');
    }
    // An API client asking for JSON keeps the JSON 404.
    const api = await fetch(`${gateway.url}/no-such-page`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect(((await api.json()) as { statusCode: number }).statusCode).toBe(404);
  });

  it('says so when the console is not built', async () => {
    const bare = await startGateway({ BACKEND_URL: fake.url, WEB_DIST: join(webDist, 'missing') });
    try {
      const response = await fetch(`${bare.url}/realtime`);
      expect(response.status).toBe(503);
      expect(((await response.json()) as { message: string }).message).toContain('not built');
      expect((await fetch(`${bare.url}/healthz`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('health, readiness and metrics', () => {
  it('answers /healthz and /metrics', async () => {
    const health = await fetch(`${gateway.url}/healthz`);
    expect(health.status).toBe(200);
    // Which release answers: the package's version, and the commit (git's in a checkout, else "unknown").
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(version).toMatch(/^[1-9]\d*\.\d+\.\d+$/);
    expect(await health.json()).toEqual({
      status: 'ok',
      version,
      commit: expect.stringMatching(/^[0-9a-f]{7,}$|^unknown$/),
      clientVersions: CLIENT_VERSIONS,
    });
    behaviour = (_req, res) => sendJson(res, 200, { data: { user } });
    await httpClient(gateway.url, 'tok').users.me.query();
    const metrics = await fetch(`${gateway.url}/metrics`, {
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
    });
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = await metrics.text();
    expect(text).toContain('waybill_backend_calls_total{route="/users/me",outcome="200"}');
    expect(text).toContain('# TYPE waybill_backend_call_duration_seconds histogram');
    expect(text).toContain('waybill_process_cpu_seconds_total');
  });

  it('reports the backend check in /readyz and runs added checks', async () => {
    // Ready only on a well-formed answer from the backend's probe route.
    behaviour = (req, res) =>
      req.url === '/fulfillment_centers'
        ? sendJson(res, 200, { data: { fulfillment_centers: [] } })
        : sendJson(res, 200, { data: {} });
    gateway.app.readinessChecks.push(() => ({ name: 'extra', ok: true }));
    const ready = await fetch(`${gateway.url}/readyz`);
    const body = (await ready.json()) as { checks: { name: string; ok: boolean }[] };
    expect(body.checks.find((c) => c.name === 'backend')?.ok).toBe(true);
    expect(body.checks.find((c) => c.name === 'extra')?.ok).toBe(true);
    gateway.app.readinessChecks.pop();
  });

  it('is not ready when the backend is unreachable', async () => {
    const down = await startFakeBackend((_req, res) => sendJson(res, 200, {}));
    await down.close();
    const lonely = await startGateway({ BACKEND_URL: down.url, WEB_DIST: webDist });
    try {
      const response = await fetch(`${lonely.url}/readyz`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as {
        status: string;
        checks: { name: string; ok: boolean; detail?: string }[];
      };
      expect(body.status).toBe('not ready');
      expect(body.checks.find((c) => c.name === 'backend')).toMatchObject({ ok: false });
    } finally {
      await lonely.close();
    }
  });
});

describe('wire format, auth and input errors', () => {
  it('takes plain JSON over GET with a bearer header', async () => {
    behaviour = (_req, res) => sendJson(res, 200, { data: { user } });
    const { status, body } = await rawQuery(gateway.url, 'users.me', undefined, {
      authorization: 'Bearer abc',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ result: { data: { user } } });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer abc');
  });

  it("marks every tRPC answer no-store: each holds a signed-in user's data", async () => {
    behaviour = (_req, res) => sendJson(res, 200, { data: { user } });
    const headers = { authorization: 'Bearer abc' };
    const answers = [
      await fetch(`${gateway.url}/trpc/users.me`, { headers }),
      await fetch(`${gateway.url}/trpc/users.me,auth.session?batch=1&input=${encodeURIComponent('{}')}`, {
        headers,
      }),
      await fetch(`${gateway.url}/trpc/orders.detail?input=${encodeURIComponent('{"uid":"bad uid"}')}`, {
        headers,
      }),
      await fetch(`${gateway.url}/trpc/auth.logout`, { method: 'POST', headers }),
    ];
    for (const res of answers)
      expect(`${res.url} ${res.headers.get('cache-control')}`).toBe(`${res.url} no-store`);
  });

  it('answers UNAUTHORIZED without a token, before calling the backend', async () => {
    const before = fake.requests.length;
    const error = await trpcError(httpClient(gateway.url).orders.search.query({}));
    expect(error.data?.code).toBe('UNAUTHORIZED');
    expect(error.data?.httpStatus).toBe(401);
    expect(fake.requests.length).toBe(before);
  });

  it('names the bad field in a BAD_REQUEST', async () => {
    const client = httpClient(gateway.url, 'tok');
    const error = await trpcError(
      client.orders.search.query({ filter: {}, window: { skip: 0, limit: 100_000 } }),
    );
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/^Invalid input: window\.limit: /);
    expect(JSON.stringify(error.data?.zodError)).toContain('window');

    const login = await trpcError(
      httpClient(gateway.url).auth.passwordLogin.mutate({ email: 'not-an-email', password: 'x' }),
    );
    expect(login.message).toContain('email: E-mail is not valid');

    const raw = await rawQuery(
      gateway.url,
      'orders.detail',
      { uid: 5, extra: true },
      { authorization: 'Bearer t' },
    );
    expect(raw.status).toBe(400);
    expect(JSON.stringify(raw.body)).toContain('uid');
    expect(JSON.stringify(raw.body)).not.toContain('"stack"');
  });

  it('refuses HTTP batches above the batch limit with a clear 4xx', async () => {
    const paths = Array.from({ length: 21 }, () => 'auth.session').join(',');
    const response = await fetch(`${gateway.url}/trpc/${paths}?batch=1&input=%7B%7D`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(JSON.stringify(await response.json())).toMatch(/batch/i);
    const ok = await fetch(`${gateway.url}/trpc/${paths.split(',').slice(1).join(',')}?batch=1&input=%7B%7D`);
    expect(ok.status).toBe(200);
  });

  it('survives malformed requests with 4xx answers', async () => {
    const garbage = await fetch(`${gateway.url}/trpc/orders.search?input=%7Bnot-json`, {
      headers: { authorization: 'Bearer t' },
    });
    expect(garbage.status).toBe(400);
    const post = await fetch(`${gateway.url}/trpc/orders.changeStatus`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"orderUid": ',
    });
    expect(post.status).toBe(400);
    const huge = await fetch(`${gateway.url}/trpc/orders.changeStatus`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ orderUid: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
  });
});

describe('backend failures', () => {
  it('turns a garbage answer into BAD_GATEWAY naming the path and field', async () => {
    behaviour = (_req, res) => sendJson(res, 200, { data: { organizations: [{ uid: 7 }] } });
    const error = await trpcError(httpClient(gateway.url, 'tok').users.all.query());
    expect(error.data?.code).toBe('BAD_GATEWAY');
    expect(error.data?.httpStatus).toBe(502);
    expect(error.message).toContain('/users/all');
    expect(error.message).toContain('data.users');
  });

  it('turns a slow backend into GATEWAY_TIMEOUT and keeps serving', async () => {
    behaviour = (_req, res) => {
      setTimeout(() => sendJson(res, 200, { data: { user } }), 1500);
    };
    const error = await trpcError(httpClient(gateway.url, 'tok').users.me.query());
    expect(error.data?.code).toBe('GATEWAY_TIMEOUT');
    expect(error.message).toContain('/users/me');
    behaviour = (_req, res) => sendJson(res, 200, { data: { user } });
    expect((await httpClient(gateway.url, 'tok').users.me.query()).user.uid).toBe('u1');
  });

  it('passes backend 4xx errors on with the server message', async () => {
    behaviour = (_req, res) =>
      sendJson(res, 404, { error: { code: 'not_found', message: 'Order not found' } });
    const error = await trpcError(httpClient(gateway.url, 'tok').orders.detail.query({ uid: 'nope' }));
    expect(error.data?.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Order not found');
    behaviour = (_req, res) => sendJson(res, 401, {});
    const expired = await trpcError(httpClient(gateway.url, 'tok').users.me.query());
    expect(expired.data?.code).toBe('UNAUTHORIZED');
    expect(expired.message).toBe('validation error');
  });
});

describe('security headers', () => {
  it('come with every kind of answer: a plain query, a tRPC POST, a page, a 404 and a 403', async () => {
    const expected = recordHeaders(helmet(helmetOptions(gateway.app.services.config)));
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    const answers = [
      await fetch(`${gateway.url}/trpc/auth.session`),
      await fetch(`${gateway.url}/trpc/auth.logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      await fetch(`${gateway.url}/realtime`),
      await fetch(`${gateway.url}/nowhere`),
      await fetch(`${gateway.url}/trpc/auth.session`, { headers: { origin: 'https://evil.example' } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 404, 403]);
    for (const answer of answers) {
      await answer.arrayBuffer();
      for (const [name, value] of Object.entries(expected))
        expect(answer.headers.get(name), `${answer.url} ${answer.status} ${name}`).toBe(value);
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }
  });
});

describe('origins and websocket upgrades', () => {
  it('refuses cross-site requests and websocket upgrades from other origins with 403', async () => {
    const response = await fetch(`${gateway.url}/trpc/auth.session`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    const same = await fetch(`${gateway.url}/trpc/auth.session`, { headers: { origin: gateway.url } });
    expect(same.status).toBe(200);

    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${gateway.url.replace('http', 'ws')}/trpc`, {
        origin: 'https://evil.example',
      });
      ws.on('unexpected-response', (req, res) => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
      ws.on('open', () => reject(new Error('upgrade should have been refused')));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(403);

    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`${gateway.url.replace('http', 'ws')}/trpc`, { origin: gateway.url });
      ws.on('open', () => {
        ws.close();
        resolve();
      });
      ws.on('error', reject);
    });
  });

  it('answers CORS preflights for listed origins', async () => {
    const listed = await startGateway({
      BACKEND_URL: fake.url,
      WEB_DIST: webDist,
      ALLOWED_ORIGINS: 'https://ops.example.com',
    });
    try {
      const response = await fetch(`${listed.url}/trpc/orders.search`, {
        method: 'OPTIONS',
        headers: { origin: 'https://ops.example.com', 'access-control-request-headers': 'authorization' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://ops.example.com');
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      // An answer to anyone else carries no CORS headers at all.
      for (const headers of [{}, { origin: listed.url }] as Record<string, string>[]) {
        const own = await fetch(`${listed.url}/healthz`, { headers });
        expect(own.headers.get('access-control-allow-credentials')).toBeNull();
        expect(own.headers.get('access-control-allow-origin')).toBeNull();
      }
    } finally {
      await listed.close();
    }
  });
});

describe('password login switch', () => {
  it('refuses password login with a clear error when PASSWORD_LOGIN is off', async () => {
    const off = await startGateway({ BACKEND_URL: fake.url, WEB_DIST: webDist, PASSWORD_LOGIN: 'off' });
    try {
      const before = fake.requests.filter((r) => r.url === '/login/username_password').length;
      const error = await trpcError(
        httpClient(off.url).auth.passwordLogin.mutate({ email: 'ops@example.com', password: 'x' }),
      );
      expect(error.data?.code).toBe('FORBIDDEN');
      expect(error.message).toContain('PASSWORD_LOGIN=off');
      expect(fake.requests.filter((r) => r.url === '/login/username_password').length).toBe(before);
      const session = await httpClient(off.url).auth.session.query();
      expect(session).toMatchObject({ user: null, methods: { password: false, google: true } });
    } finally {
      await off.close();
    }
  });
});
