import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchPoll } from './poll-watch.js';

describe('watchPoll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says stale within two intervals of the last good poll, once, and fresh once it catches up', () => {
    let lastGood = Date.now();
    const said: string[] = [];
    const stop = watchPoll({
      lagMs: () => Date.now() - lastGood,
      intervalMs: 1000,
      onStale: () => said.push(`stale after ${Date.now() - lastGood} ms`),
      onFresh: () => said.push('fresh'),
    });
    // Polls succeed every interval: never stale.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(1000);
      lastGood = Date.now();
    }
    expect(said).toEqual([]);
    // The backend fails: no good poll any more.
    vi.advanceTimersByTime(5000);
    expect(said).toHaveLength(1);
    const after = Number(/after (\d+) ms/.exec(said[0]!)![1]);
    expect(after).toBeLessThanOrEqual(2000);
    lastGood = Date.now();
    vi.advanceTimersByTime(250);
    expect(said.at(-1)).toBe('fresh');
    stop();
    vi.advanceTimersByTime(10_000);
    expect(said).toHaveLength(2);
  });
});
