import { describe, expect, it } from 'vitest';
import {
  type DailyOrderSeries,
  HEALTH_MIN_WEEKLY_AVERAGE,
  HEALTH_SERIES_DAYS,
  storeHealth,
  storeHealthText,
} from './store-health.js';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A series whose last entry is today (NOW's day): `baseline` per day for 28 days, then `recent`, then today. */
function series(baseline: number[], recent: number[], today: number): DailyOrderSeries {
  const counts = [...baseline, ...recent, today];
  return { startDate: dateOf(NOW - (counts.length - 1) * DAY), counts };
}
const days = (n: number, value: number) => Array.from({ length: n }, () => value);

describe('storeHealth', () => {
  it('is healthy with steady orders', () => {
    expect(storeHealth(series(days(28, 10), days(7, 10), 4), NOW)).toEqual({
      needsAttention: false,
      reasons: [],
    });
  });

  it('flags the last week at 50 % or more below the 4-week weekly average', () => {
    // 10 a day for 4 weeks = 70 a week; 25 in the last week = −64 %.
    const health = storeHealth(series(days(28, 10), [5, 5, 5, 4, 3, 2, 1], 3), NOW);
    expect(health.needsAttention).toBe(true);
    expect(health.reasons).toEqual([{ kind: 'drop', percent: -64, recent: 25, weeklyAverage: 70 }]);
    expect(storeHealthText(health)).toBe('orders −64 % vs 4-week average');
  });

  it('does not flag a drop just under 50 % (35 of 70 is exactly 50 % and flags)', () => {
    expect(storeHealth(series(days(28, 10), [6, 5, 5, 5, 5, 5, 5], 0), NOW).needsAttention).toBe(false);
    expect(storeHealth(series(days(28, 10), days(7, 5), 0), NOW).reasons).toEqual([
      { kind: 'drop', percent: -50, recent: 35, weeklyAverage: 70 },
    ]);
  });

  it('ignores today (still running) in the weekly comparison', () => {
    expect(storeHealth(series(days(28, 10), days(7, 10), 0), NOW).needsAttention).toBe(false);
  });

  it('flags 3 days without orders after orders, naming the days; today with an order clears it', () => {
    const silent = storeHealth(series(days(28, 1), [1, 1, 1, 1, 0, 0, 0], 0), NOW);
    expect(silent.reasons).toEqual([{ kind: 'silent', days: 3 }]);
    expect(storeHealthText(silent)).toBe('no orders for 3 days');
    expect(storeHealth(series(days(28, 1), [1, 1, 1, 1, 0, 0, 0], 2), NOW).needsAttention).toBe(false);
    expect(storeHealth(series(days(28, 1), [1, 1, 1, 1, 1, 0, 0], 0), NOW).needsAttention).toBe(false);
  });

  it('gives both reasons for a busy store that stopped', () => {
    const health = storeHealth(series(days(28, 10), [10, 10, 0, 0, 0, 0, 0], 0), NOW);
    expect(health.reasons).toEqual([
      { kind: 'silent', days: 5 },
      { kind: 'drop', percent: -71, recent: 20, weeklyAverage: 70 },
    ]);
    expect(storeHealthText(health)).toBe('no orders for 5 days; orders −71 % vs 4-week average');
  });

  it('does not flag a store that never had orders, nor a small store (under one order a day)', () => {
    expect(storeHealth(series(days(28, 0), days(7, 0), 0), NOW).needsAttention).toBe(false);
    // Six a week before, none for a week: neither rule applies to so small a store.
    const small = series(days(28, 6 / 7), days(7, 0), 0);
    expect(HEALTH_MIN_WEEKLY_AVERAGE).toBe(7);
    expect(storeHealth(small, NOW).needsAttention).toBe(false);
    // One a day before: the same week flags both.
    expect(storeHealth(series(days(28, 1), days(7, 0), 0), NOW).reasons).toEqual([
      { kind: 'silent', days: 7 },
      { kind: 'drop', percent: -100, recent: 0, weeklyAverage: 7 },
    ]);
  });

  it('skips the drop rule without a full baseline, and reads an older series up to its last day', () => {
    const short = { startDate: dateOf(NOW - 10 * DAY), counts: [...days(8, 10), 1, 1, 1] };
    expect(storeHealth(short, NOW).needsAttention).toBe(false);
    // A series that ended 3 days ago: its days are complete; the days after are unknown, not zero.
    const older = series(days(28, 10), days(7, 10), 10);
    expect(storeHealth(older, NOW + 3 * DAY).needsAttention).toBe(false);
    expect(older.counts).toHaveLength(HEALTH_SERIES_DAYS + 1);
  });

  it('is healthy for an empty or malformed series', () => {
    expect(storeHealth({ startDate: '2026-11-01', counts: [] }, NOW).needsAttention).toBe(false);
    expect(storeHealth({ startDate: 'not-a-date', counts: [1, 0, 0, 0, 0] }, NOW).needsAttention).toBe(false);
  });
});
