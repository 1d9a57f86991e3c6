import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryChangeEventLog } from './change-events.js';
import { ChangePoll, LocalPollLease, POLL_BACKOFF_MAX_MS } from './change-poll.js';
import type { BackendCaller } from './types.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const OUTAGE_MS = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('the change poll during a long backend outage', () => {
  it('polls a failing backend at least every 2 s, so it finds the backend back within 2 s', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    const backUntil = Date.now() + OUTAGE_MS;
    const calls: number[] = [];
    const backend: BackendCaller = {
      async call() {
        calls.push(Date.now());
        if (Date.now() < backUntil) throw new Error('backend unavailable');
        return { orders: [] } as never;
      },
    };
    const poll = new ChangePoll({
      backend,
      log: new MemoryChangeEventLog(),
      lease: new LocalPollLease(),
      logger: silent,
      serviceToken: 'svc',
      managedBy: 'waybill',
      intervalMs: 1000,
    });
    poll.start();
    await vi.advanceTimersByTimeAsync(OUTAGE_MS + 10_000);
    await poll.stop();

    const gaps = calls.slice(1).map((at, i) => at - calls[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(POLL_BACKOFF_MAX_MS);
    // Backed off all the same: fewer calls than one per interval while it failed.
    expect(calls.filter((at) => at < backUntil).length).toBeLessThan(OUTAGE_MS / 1000);
    const firstAfter = calls.find((at) => at >= backUntil);
    expect(firstAfter).toBeDefined();
    expect(firstAfter! - backUntil).toBeLessThanOrEqual(POLL_BACKOFF_MAX_MS);
    expect(poll.consecutiveFailures).toBe(0);
  });
});
