import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchPoll } from './poll-watch.js';

describe('watchPoll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says stale within two intervals of the last good poll, once, then at every check while behind, and fresh once it catches up', () => {
    let lastGood = Date.now();
    const said: string[] = [];
    const stop = watchPoll({
      lagMs: () => Date.now() - lastGood,
      intervalMs: 1000,
      onStale: () => said.push(`stale after ${Date.now() - lastGood} ms`),
      whileStale: () => said.push('still stale'),
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
    // Checked every 250 ms: stale at the first check past 1.5 intervals, then said again at every
    // check (the first included), for lists opened while the poll is behind.
    const checksSince = (5000 - 1750) / 250 + 1;
    expect(said).toEqual(['stale after 1750 ms', ...Array(checksSince).fill('still stale')]);
    lastGood = Date.now();
    vi.advanceTimersByTime(250);
    expect(said.at(-1)).toBe('fresh');
    const total = said.length;
    stop();
    vi.advanceTimersByTime(10_000);
    expect(said).toHaveLength(total);
  });
});
