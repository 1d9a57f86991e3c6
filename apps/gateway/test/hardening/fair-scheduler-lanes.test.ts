import { describe, expect, it, vi } from 'vitest';
import { FairScheduler, type Lane, type Release } from '../../src/security/fair-scheduler.js';

const tick = () => new Promise((r) => setImmediate(r));

/** Records the order calls start in, and keeps each call's release by name. */
function recorder(s: FairScheduler) {
  const started: string[] = [];
  const releases = new Map<string, Release>();
  const call = (key: string, name: string, lane: Lane = 'foreground', signal?: AbortSignal) =>
    s.acquire(key, 1, signal, lane).then((release) => {
      started.push(name);
      releases.set(name, release);
    });
  const release = (name: string) => releases.get(name)!();
  return { started, call, release };
}

describe('FairScheduler lanes', () => {
  it("starts a session's foreground calls before its background calls queued earlier", async () => {
    const s = new FairScheduler({ perSession: 2, global: 10, maxQueued: 100 });
    const { started, call, release } = recorder(s);
    void call('u', 'f1');
    void call('u', 'f2');
    for (let i = 1; i <= 3; i++) void call('u', `b${i}`, 'background');
    void call('u', 'f3');
    await tick();
    expect(started).toEqual(['f1', 'f2']);
    release('f1');
    await tick();
    // f3 queued after three background calls, yet it takes the freed slot.
    expect(started).toEqual(['f1', 'f2', 'f3']);
    release('f2');
    await tick();
    // Background calls wait while a foreground call is still in flight.
    expect(started).toEqual(['f1', 'f2', 'f3']);
    release('f3');
    await tick();
    expect(started).toEqual(['f1', 'f2', 'f3', 'b1', 'b2']);
  });

  it("never makes a foreground call wait for its session's background calls in flight", async () => {
    const s = new FairScheduler({ perSession: 2, global: 10, maxQueued: 100 });
    const { started, call } = recorder(s);
    for (let i = 1; i <= 4; i++) void call('u', `b${i}`, 'background');
    await tick();
    expect(started).toEqual(['b1', 'b2']);
    void call('u', 'f1');
    void call('u', 'f2');
    void call('u', 'f3');
    await tick();
    // The row reads start at once instead of waiting for statistics calls to finish; the session's
    // own foreground budget still holds the third.
    expect(started).toEqual(['b1', 'b2', 'f1', 'f2']);
  });

  it('lets background calls use the whole budget of one slot when that is all there is', async () => {
    const s = new FairScheduler({ perSession: 1, global: 10, maxQueued: 100 });
    const { started, call, release } = recorder(s);
    void call('u', 'b1', 'background');
    void call('u', 'b2', 'background');
    await tick();
    expect(started).toEqual(['b1']);
    release('b1');
    await tick();
    expect(started).toEqual(['b1', 'b2']);
  });

  it("gives global slots to other sessions' foreground calls before anyone's background calls", async () => {
    const s = new FairScheduler({ perSession: 4, global: 2, maxQueued: 100 });
    const { started, call, release } = recorder(s);
    void call('a', 'a1');
    void call('a', 'a2');
    void call('a', 'ab1', 'background');
    void call('b', 'b1');
    await tick();
    expect(started).toEqual(['a1', 'a2']);
    release('a1');
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    void call('c', 'cb1', 'background');
    release('a2');
    release('b1');
    await tick();
    // Both sessions' background calls take turns once no foreground call is left.
    expect(started).toEqual(['a1', 'a2', 'b1', 'ab1', 'cb1']);
  });

  it("holds background calls while another session's foreground call is in flight", async () => {
    // A row read of one user shares the backend with any statistics call of another.
    const s = new FairScheduler({ perSession: 2, global: 10, maxQueued: 100 });
    const { started, call, release } = recorder(s);
    void call('a', 'a1');
    void call('b', 'bb1', 'background');
    void call('b', 'bb2', 'background');
    await tick();
    expect(started).toEqual(['a1']);
    release('a1');
    await tick();
    expect(started).toEqual(['a1', 'bb1', 'bb2']);
  });

  it('ages a background call into the foreground queue so a steady foreground stream never starves it', async () => {
    // The scheduler times waits with performance.now(): a fake one moves only when the test says, so
    // f2 comes before b1 has waited 50 ms and f3 after, however slow the machine.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const s = new FairScheduler({ perSession: 1, global: 10, maxQueued: 100, backgroundMaxWaitMs: 50 });
      const { started, call, release } = recorder(s);
      void call('u', 'f0');
      void call('u', 'b1', 'background');
      void call('u', 'f1');
      await tick();
      release('f0');
      await tick();
      expect(started).toEqual(['f0', 'f1']);
      // More foreground calls keep coming; b1 ranks as if made when it had waited 50 ms: after f2, before f3.
      void call('u', 'f2');
      vi.advanceTimersByTime(80);
      void call('u', 'f3');
      release('f1');
      await tick();
      expect(started).toEqual(['f0', 'f1', 'f2']);
      release('f2');
      await tick();
      expect(started).toEqual(['f0', 'f1', 'f2', 'b1']);
      release('b1');
      await tick();
      expect(started).toEqual(['f0', 'f1', 'f2', 'b1', 'f3']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts both lanes against the queue cap and drops an aborted background waiter', async () => {
    const s = new FairScheduler({ perSession: 1, global: 10, maxQueued: 2 });
    const { started, call, release } = recorder(s);
    void call('u', 'f1');
    const abort = new AbortController();
    const aborted = call('u', 'b1', 'background', abort.signal);
    void call('u', 'f2');
    await expect(call('u', 'b2', 'background')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    abort.abort();
    await expect(aborted).rejects.toBeDefined();
    expect(s.queued).toBe(1);
    release('f1');
    await tick();
    release('f2');
    await tick();
    expect(started).toEqual(['f1', 'f2']);
    expect(s.active).toBe(0);
    expect(s.queued).toBe(0);
  });
});
