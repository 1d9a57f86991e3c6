import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendClient, type CallScheduler } from '../../src/backend/backend-client.js';
import { BackendError } from '../../src/backend/backend-error.js';
import { callDeadline } from '../../src/backend/call-deadline.js';
import { createMetrics } from '../../src/metrics.js';
import { FairScheduler, type Release } from '../../src/security/fair-scheduler.js';
import { startFakeBackend } from '../fake-backend.js';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const TIMEOUT_MS = 500;
/** Lets I/O and promise callbacks run while the (faked) timers stand still. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

/** A scheduler whose only slot the test hands out by hand. */
function manualScheduler() {
  const waiting: Array<{ signal?: AbortSignal; admit: () => void; abandon: () => void }> = [];
  const scheduler: CallScheduler = {
    acquire: (_key, _cost, signal) =>
      new Promise((resolve, reject) => {
        const entry = {
          signal,
          admit: () => resolve(() => {}),
          abandon: () => reject(signal?.reason),
        };
        signal?.addEventListener('abort', entry.abandon, { once: true });
        waiting.push(entry);
      }),
  };
  return { scheduler, waiting };
}

async function settled(promise: Promise<unknown>): Promise<{ done: boolean; error?: unknown }> {
  let outcome: { done: boolean; error?: unknown } = { done: false };
  promise.then(
    () => (outcome = { done: true }),
    (error: unknown) => (outcome = { done: true, error }),
  );
  await turn();
  await turn();
  return outcome;
}

describe("a backend call's deadline counts from its arrival, queueing included", () => {
  it('calls queued behind a session that hangs all leave the queue at their arrival + timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const scheduler = new FairScheduler({ perSession: 2, global: 64, maxQueued: 100 });
    // Six calls of one tab arrive together; two run (and hang), four wait.
    const deadlines = Array.from({ length: 6 }, () => callDeadline(TIMEOUT_MS));
    const admissions = deadlines.map((d) => scheduler.acquire('session', 1, d.signal));
    const outcomes = admissions.map((p) =>
      p.then(
        (release: Release) => ({ admitted: true as const, release }),
        (error: unknown) => ({ admitted: false as const, error }),
      ),
    );
    await turn();
    expect(scheduler.active).toBe(2);
    expect(scheduler.queued).toBe(4);

    vi.advanceTimersByTime(TIMEOUT_MS - 1);
    await turn();
    expect(scheduler.queued).toBe(4);

    // At arrival + timeout every call's deadline passes at once: the two running ones are cut
    // (their signals abort) and the four queued ones leave the queue without ever starting.
    vi.advanceTimersByTime(1);
    const results = await Promise.all(outcomes);
    expect(results.filter((r) => r.admitted)).toHaveLength(2);
    const refused = results.filter((r) => !r.admitted);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect((r.error as DOMException).name).toBe('TimeoutError');
    expect(scheduler.queued).toBe(0);
    expect(deadlines.every((d) => d.signal.aborted && d.timedOut)).toBe(true);
    for (const r of results) if (r.admitted) r.release();
    expect(scheduler.active).toBe(0);
  });

  it('a call admitted late keeps the deadline of its arrival, also while its answer stalls mid-body', async () => {
    const requests: ServerResponse[] = [];
    const stalled = await startFakeBackend((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
      res.write('{"data":{"user":{"uid":"u1"');
      requests.push(res);
    });
    const client = new BackendClient({
      baseUrl: stalled.url,
      timeoutMs: TIMEOUT_MS,
      logger,
      metrics: createMetrics(),
    });
    const { scheduler, waiting } = manualScheduler();
    client.useScheduler(scheduler, []);
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const call = client.call('users.me', { token: 'tok-1' });
      await turn();
      expect(waiting).toHaveLength(1);

      // Queued for 400 ms, then admitted: 100 ms of its time are left, not a fresh 500.
      vi.advanceTimersByTime(400);
      waiting[0]!.admit();
      // Real I/O under still clocks: wait, turn by turn, until the backend has the request.
      while (requests.length === 0) await turn();
      vi.advanceTimersByTime(TIMEOUT_MS - 400 - 1);
      expect((await settled(call)).done).toBe(false);

      vi.advanceTimersByTime(1);
      const error = (await settled(call)).error;
      expect(error).toBeInstanceOf(BackendError);
      expect((error as BackendError).code).toBe('GATEWAY_TIMEOUT');
      expect((error as BackendError).message).toBe(
        `Backend did not answer /users/me within ${TIMEOUT_MS} ms`,
      );
    } finally {
      vi.useRealTimers();
      await stalled.close();
      await client.close();
    }
  });

  it('a call still queued when its deadline passes is answered GATEWAY_TIMEOUT and never sent', async () => {
    const backend = await startFakeBackend(() => {});
    const client = new BackendClient({
      baseUrl: backend.url,
      timeoutMs: TIMEOUT_MS,
      logger,
      metrics: createMetrics(),
    });
    const { scheduler, waiting } = manualScheduler();
    client.useScheduler(scheduler, []);
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const call = client.call('users.me', { token: 'tok-1' });
      await turn();
      vi.advanceTimersByTime(TIMEOUT_MS - 1);
      expect((await settled(call)).done).toBe(false);
      vi.advanceTimersByTime(1);
      const error = (await settled(call)).error as BackendError;
      expect(error.code).toBe('GATEWAY_TIMEOUT');
      expect(error.message).toMatch(/did not answer \/users\/me within 500 ms/);
      expect(waiting[0]!.signal?.aborted).toBe(true);
      expect(backend.requests).toHaveLength(0);
    } finally {
      vi.useRealTimers();
      await backend.close();
      await client.close();
    }
  });
});
