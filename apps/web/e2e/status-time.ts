import { expect } from 'vitest';

/**
 * A status entered as today was saved at 15:00 local time, or, while 15:00 is still ahead, at the
 * moment of saving (between `savedFrom` and now): a status is never dated later than now.
 */
export function expectTodayStatusTime(happenedIso: string, savedFrom: number): void {
  const happened = new Date(happenedIso).getTime();
  const now = new Date();
  const fifteen = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 15).getTime();
  if (fifteen <= savedFrom) expect(happened).toBe(fifteen);
  else {
    expect(happened).toBeGreaterThanOrEqual(savedFrom - 1000);
    expect(happened).toBeLessThanOrEqual(now.getTime());
  }
}
