import { describe, expect, it } from 'vitest';
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
  it("starts a session's waiting foreground calls before its background calls queued earlier", async () => {
    const s = new FairScheduler({ perSession: 1, global: 10, maxQueued: 100 });
    const { started, call, release } = recorder(s);
    void call('u', 'f1');
    void call('u', 'f2');
    for (let i = 1; i <= 3; i++) void call('u', `b${i}`, 'background');
    void call('u', 'f3');
    await tick();
    // b1 waits behind f2, which waits for the session's one foreground slot.
    expect(started).toEqual(['f1']);
    release('f1');
    await tick();
    expect(started).toEqual(['f1', 'f2']);
    release('f2');
    await tick();
    // f3 was queued after three background calls, yet it takes the freed slot first.
    expect(started).toEqual(['f1', 'f2', 'f3', 'b1']);
  });

  it('sends background calls alongside foreground calls in flight, in a budget of their own', async () => {
    // A live list's statistics go out right behind its rows, not once every row read has ended.
    const s = new FairScheduler({ perSession: 2, global: 10, maxQueued: 100 });
    const { started, call, release } = recorder(s);
    void call('u', 'f1');
    for (let i = 1; i <= 3; i++) void call('u', `b${i}`, 'background');
    void call('v', 'v1');
    await tick();
    expect(started).toEqual(['f1', 'b1', 'b2', 'v1']);
    release('b1');
    await tick();
    expect(started).toEqual(['f1', 'b1', 'b2', 'v1', 'b3']);
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
    const s = new FairScheduler({ perSession: 4, global: 4, maxQueued: 100 });
    const { started, call, release } = recorder(s);
    for (let i = 1; i <= 4; i++) void call('a', `a${i}`);
    void call('a', 'ab1', 'background');
    void call('b', 'b1');
    await tick();
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4']);
    release('a1');
    await tick();
    // b1 waits for a global slot: the background call queued before it does not take the freed one.
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    void call('c', 'cb1', 'background');
    release('a2');
    release('a3');
    await tick();
    // Both sessions' background calls take turns once no foreground call waits.
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'ab1', 'cb1']);
  });

  it('keeps half of the global budget for foreground calls', async () => {
    const s = new FairScheduler({ perSession: 4, global: 4, maxQueued: 100 });
    const { started, call, release } = recorder(s);
    for (const key of ['a', 'b', 'c']) void call(key, `${key}b`, 'background');
    void call('d', 'd1');
    void call('d', 'd2');
    await tick();
    // Two background calls hold half of the four slots; the third waits, and the user's calls start.
    expect(started).toEqual(['ab', 'bb', 'd1', 'd2']);
    release('ab');
    await tick();
    expect(started).toEqual(['ab', 'bb', 'd1', 'd2', 'cb']);
    expect(s.active).toBe(4);
  });

  it('ages a background call into the foreground queue so a steady foreground stream never starves it', async () => {
    const s = new FairScheduler({ perSession: 1, global: 10, maxQueued: 100, backgroundMaxWaitMs: 50 });
    const { started, call, release } = recorder(s);
    void call('u', 'f0');
    void call('u', 'f1');
    // Queued behind f1, so it waits for the session's foreground queue to empty.
    void call('u', 'b1', 'background');
    void call('u', 'f2');
    await tick();
    release('f0');
    await tick();
    // f2 still waits, so b1 does too.
    expect(started).toEqual(['f0', 'f1']);
    // More foreground calls keep coming; b1 ranks as if made when it had waited 50 ms: after f2, before f3.
    await new Promise((r) => setTimeout(r, 80));
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
  });

  it('counts both lanes against the queue cap and drops an aborted background waiter', async () => {
    const s = new FairScheduler({ perSession: 1, global: 10, maxQueued: 2 });
    const { started, call, release } = recorder(s);
    void call('u', 'f1');
    void call('u', 'f2');
    // Behind f2 in its session, so it waits.
    const abort = new AbortController();
    const aborted = call('u', 'b1', 'background', abort.signal);
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
