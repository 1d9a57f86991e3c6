import { describe, expect, it } from 'vitest';
import { ChangePace, REREAD_WAIT_CAP_MS } from './change-pace.js';

describe('ChangePace: whether a change waits for its re-reads', () => {
  it('never waits before both the writes and the re-reads were measured', () => {
    const pace = new ChangePace();
    expect(pace.waitMs(10_000)).toBe(0);
    pace.recordWrite(1000, 15);
    expect(pace.waitMs(10_000)).toBe(0);
    pace.recordLanding(30);
    expect(pace.waitMs(10_000)).toBe(45);
  });

  it('waits only when writing the early patches takes over twice the re-reads, at most the cap', () => {
    const pace = new ChangePace();
    pace.recordWrite(1000, 15);
    pace.recordLanding(30);
    // 1,000 members: 15 ms of writes against 30 ms of re-reads. 4,000: 60 ms, not over twice. 5,000: 75 ms.
    expect(pace.waitMs(1000)).toBe(0);
    expect(pace.waitMs(4000)).toBe(0);
    expect(pace.waitMs(5000)).toBe(45);
    pace.recordLanding(500);
    expect(pace.waitMs(1_000_000)).toBe(REREAD_WAIT_CAP_MS);
  });

  it('follows the newest measures without forgetting the older ones at once', () => {
    const pace = new ChangePace();
    pace.recordWrite(1000, 10);
    pace.recordLanding(20);
    pace.recordLanding(40);
    // 20 + 0.3 × (40 − 20) = 26 ms.
    expect(pace.waitMs(100_000)).toBeCloseTo(39);
    // A cohort without members says nothing about the cost of a write.
    pace.recordWrite(0, 5);
    expect(pace.waitMs(5000)).toBe(0);
    expect(pace.waitMs(6000)).toBeCloseTo(39);
  });
});
