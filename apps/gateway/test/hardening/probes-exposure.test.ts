import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cachedCheck } from '../../src/plugins/cached-check.js';
import { sendJson, startFakeBackend } from '../fake-backend.js';
import { type Env, type Hardened, startHardened } from './stack.js';

const TOKEN = 'metrics-token-0123456789abcdef';

let fake: Awaited<ReturnType<typeof startFakeBackend>>;
const started: Hardened[] = [];

beforeAll(async () => {
  fake = await startFakeBackend((req, res) =>
    req.url === '/fulfillment_centers'
      ? sendJson(res, 200, { data: { fulfillment_centers: [] } })
      : sendJson(res, 200, { data: {} }),
  );
});

afterAll(async () => {
  for (const stack of started) await stack.close();
  await fake?.close();
});

async function gateway(env: Env): Promise<Hardened> {
  const stack = await startHardened({ BACKEND_URL: fake.url, ...env });
  started.push(stack);
  return stack;
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('/metrics is not public', () => {
  it('answers 404 on the main port when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const stack = await gateway({});
    const response = await get(`${stack.url}/metrics`, bearer(TOKEN));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('waybill_process_cpu_seconds_total');
  });

  it('with METRICS_TOKEN, answers only `Authorization: Bearer <token>` and 401 to anyone else', async () => {
    const stack = await gateway({ METRICS_TOKEN: TOKEN });
    for (const headers of [
      {},
      bearer('wrong-token-0123456789abcdef'),
      bearer(`${TOKEN}x`),
      { authorization: TOKEN },
    ]) {
      const refused = await get(`${stack.url}/metrics`, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
      const text = await refused.text();
      expect(text).toContain('METRICS_TOKEN');
      expect(text).not.toContain('waybill_process_cpu_seconds_total');
    }
    const allowed = await get(`${stack.url}/metrics`, bearer(TOKEN));
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('waybill_process_cpu_seconds_total');
  });

  it('with METRICS_PORT, serves /metrics only on that listener (with the token when set), not on the main port', async () => {
    const stack = await gateway({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1', METRICS_TOKEN: TOKEN });
    const address = stack.app.metricsAddress();
    expect(address?.address).toBe('127.0.0.1');
    const metricsUrl = `http://127.0.0.1:${address?.port}`;
    expect((await get(`${stack.url}/metrics`, bearer(TOKEN))).status).toBe(404);
    expect((await get(`${metricsUrl}/metrics`)).status).toBe(401);
    const allowed = await get(`${metricsUrl}/metrics`, bearer(TOKEN));
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('waybill_process_cpu_seconds_total');
    // Only /metrics lives there: not the API, not the probes.
    for (const path of ['/', '/healthz', '/trpc/auth.session'])
      expect((await get(`${metricsUrl}${path}`, bearer(TOKEN))).status, path).toBe(404);
  });

  it('refuses a METRICS_TOKEN too short to be a secret, naming the variable but not its value', async () => {
    const refused = gateway({ METRICS_TOKEN: 'short' });
    await expect(refused).rejects.toThrow(
      /METRICS_TOKEN \(value hidden, 5 characters\): must be at least 16 characters/,
    );
    await expect(refused).rejects.not.toThrow(/short"/);
  });
});

describe('/readyz reuses its backend check', () => {
  afterEach(() => vi.useRealTimers());

  const probes = () => fake.requests.filter((r) => r.url === '/fulfillment_centers').length;

  it('makes one backend call for a burst of /readyz, and a new one once READYZ_CACHE_MS has passed', async () => {
    // Only Date is faked: the clock the cache reads, while sockets and timers run for real.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T10:00:00Z') });
    const stack = await gateway({ READYZ_CACHE_MS: '1000' });
    const before = probes();
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(`${stack.url}/readyz`)));
    for (let i = 0; i < 10; i++) expect((await get(`${stack.url}/readyz`)).status).toBe(200);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(probes() - before).toBe(1);

    vi.setSystemTime(Date.now() + 999);
    await get(`${stack.url}/readyz`);
    expect(probes() - before).toBe(1);
    vi.setSystemTime(Date.now() + 1);
    expect((await get(`${stack.url}/readyz`)).status).toBe(200);
    expect(probes() - before).toBe(2);
  });

  it('checks the backend on every /readyz with READYZ_CACHE_MS=0', async () => {
    const stack = await gateway({ READYZ_CACHE_MS: '0' });
    const before = probes();
    for (let i = 0; i < 3; i++) await get(`${stack.url}/readyz`);
    expect(probes() - before).toBe(3);
  });
});

describe('cachedCheck', () => {
  it('shares a running check, reuses its answer for ttlMs, and forgets a failure', async () => {
    let now = 0;
    let calls = 0;
    let fail = false;
    let release: () => void = () => {};
    const check = cachedCheck(
      () => {
        calls += 1;
        if (fail) return Promise.reject(new Error('down'));
        return new Promise<number>((resolve) => {
          release = () => resolve(calls);
        });
      },
      1000,
      () => now,
    );
    const first = check();
    const second = check();
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    now = 999;
    expect(await check()).toBe(1);
    expect(calls).toBe(1);
    now = 1000;
    fail = true;
    await expect(check()).rejects.toThrow('down');
    await expect(check()).rejects.toThrow('down');
    expect(calls).toBe(3);
  });
});
