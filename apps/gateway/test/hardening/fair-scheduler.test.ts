import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { BackendClient } from '../../src/backend/backend-client.js';
import { createMetrics } from '../../src/metrics.js';
import { FairScheduler, type Release } from '../../src/security/fair-scheduler.js';
import { sendJson, startFakeBackend } from '../fake-backend.js';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const user = { uid: 'u1', name: 'Ops', department: 'customer_support', access_to: [], superadmin: false };

const tick = () => new Promise((r) => setImmediate(r));

describe('FairScheduler', () => {
  it("runs one session's calls FIFO within its budget, and others' calls beside them", async () => {
    const s = new FairScheduler({ perSession: 2, global: 10, maxQueued: 100 });
    const started: string[] = [];
    const releases = new Map<string, Release>();
    const call = (key: string, name: string, cost = 1) =>
      s.acquire(key, cost).then((release) => {
        started.push(name);
        releases.set(name, release);
      });
    for (let i = 1; i <= 5; i++) void call('attacker', `a${i}`);
    void call('victim', 'v1');
    await tick();
    expect(started).toEqual(['a1', 'a2', 'v1']);
    releases.get('a1')!();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'v1', 'a3']);
  });

  it('takes turns between sessions when the global budget is full', async () => {
    const s = new FairScheduler({ perSession: 4, global: 2, maxQueued: 100 });
    const started: string[] = [];
    const releases: Release[] = [];
    const call = (key: string, name: string) =>
      s.acquire(key, 1).then((release) => {
        started.push(name);
        releases.push(release);
      });
    for (let i = 1; i <= 6; i++) void call('attacker', `a${i}`);
    void call('victim', 'v1');
    void call('victim', 'v2');
    await tick();
    expect(started).toEqual(['a1', 'a2']);
    releases[0]!();
    await tick();
    // The attacker queued first, yet the victim's first call goes next: it has had no turn yet.
    releases[1]!();
    await tick();
    expect(started.slice(2)).toEqual(['a3', 'v1']);
    releases[2]!();
    releases[3]!();
    await tick();
    expect(started.slice(4).sort()).toEqual(['a4', 'v2']);
  });

  it('runs a call costing more than the session budget alone, and counts release once', async () => {
    const s = new FairScheduler({ perSession: 8, global: 64, maxQueued: 100 });
    const big = await s.acquire('k', 20);
    expect(s.active).toBe(8);
    let small = false;
    void s.acquire('k', 1).then(() => {
      small = true;
    });
    await tick();
    expect(small).toBe(false);
    big();
    big();
    await tick();
    expect(small).toBe(true);
    expect(s.active).toBe(1);
  });

  it('refuses calls over the queue cap with TOO_MANY_REQUESTS, and drops aborted waiters', async () => {
    const s = new FairScheduler({ perSession: 1, global: 10, maxQueued: 2 });
    const first = await s.acquire('k', 1);
    const controller = new AbortController();
    const aborted = s.acquire('k', 1, controller.signal);
    const waiting = s.acquire('k', 1);
    await expect(s.acquire('k', 1)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    controller.abort();
    await expect(aborted).rejects.toBeDefined();
    expect(s.queued).toBe(1);
    first();
    (await waiting)();
    expect(s.active).toBe(0);
    expect(s.queued).toBe(0);
  });
});

describe('BackendClient with a scheduler', () => {
  it("admits calls made with users' tokens through the scheduler, never the service token's", async () => {
    const fake = await startFakeBackend((_req, res) => sendJson(res, 200, { data: { user } }));
    const client = new BackendClient({
      baseUrl: fake.url,
      // The waiting call below ends by its abort, not by this deadline (its time queued counts).
      timeoutMs: 20_000,
      logger,
      metrics: createMetrics(),
    });
    try {
      // A scheduler that admits nobody: every call that waits for it never reaches the backend.
      const keys: string[] = [];
      client.useScheduler(
        {
          acquire: (key, _cost, signal) => {
            keys.push(key);
            return new Promise((_resolve, reject) =>
              signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
            );
          },
        },
        ['service-token'],
      );
      expect((await client.call('users.me', { token: 'service-token' })).user.uid).toBe('u1');
      const controller = new AbortController();
      const waiting = client.call('users.me', { token: 'user-token', signal: controller.signal });
      await vi.waitFor(() => expect(keys).toEqual(['user-token']), { timeout: 20_000, interval: 20 });
      expect(fake.requests).toHaveLength(1);
      // Barrier: a service-token call made after it reaches the backend; had the waiting call not
      // waited for the scheduler, it would have reached it by then too.
      expect((await client.call('users.me', { token: 'service-token' })).user.uid).toBe('u1');
      expect(fake.requests, 'only the service token calls reached the backend').toHaveLength(2);
      controller.abort();
      await expect(waiting).rejects.toMatchObject({ code: 'CLIENT_CLOSED_REQUEST' });
    } finally {
      await client.close();
      await fake.close();
    }
  });
});
