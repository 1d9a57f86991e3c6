import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callDeadline } from './call-deadline.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('callDeadline', () => {
  it('aborts with a TimeoutError once the time passes', () => {
    vi.useFakeTimers();
    const deadline = callDeadline(1000);
    vi.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.timedOut).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it("aborts with the caller's reason when the caller's signal aborts, and is not a timeout", () => {
    const outer = new AbortController();
    const deadline = callDeadline(1000, outer.signal);
    outer.abort(new Error('caller left'));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.timedOut).toBe(false);
    expect((deadline.signal.reason as Error).message).toBe('caller left');
    deadline.done();
  });

  it("starts aborted when the caller's signal already is", () => {
    const deadline = callDeadline(1000, AbortSignal.abort(new Error('gone')));
    expect(deadline.signal.aborted).toBe(true);
    deadline.done();
  });

  it('once done, leaves no timer to fire and no listener on the caller', () => {
    vi.useFakeTimers();
    const outer = new AbortController();
    const deadline = callDeadline(1000, outer.signal);
    expect(getEventListeners(outer.signal, 'abort')).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1);
    deadline.done();
    expect(getEventListeners(outer.signal, 'abort')).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5000);
    outer.abort();
    expect(deadline.signal.aborted).toBe(false);
  });
});
