import type { DisplayStatistics } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { isCompactSummary, priorityBarColour, showSummaryDivider, summaryCards } from './summary.js';

const stats = (p: [number, number, number, number, number, number]): DisplayStatistics => ({
  display_priority_0: p[0],
  display_priority_1: p[1],
  display_priority_2: p[2],
  display_priority_3: p[3],
  display_priority_4: p[4],
  display_priority_5: p[5],
});

describe('summary cards', () => {
  it('buckets priorities into the five cards, showing counts only for errors, alerts and traffic', () => {
    const cards = summaryCards(stats([1, 2, 3, 4, 5, 6]), [0, 1, 2, 3]);
    expect(cards.map((c) => [c.label, c.count, c.showCount, c.active])).toEqual([
      ['Issues & Errors', 3, true, true],
      ['Alerts & Warnings', 3, true, true],
      ['In Warehouse & In Traffic', 4, true, true],
      ['Delivered & Done', 5, false, false],
      ['Cancels & Returns', 6, false, false],
    ]);
  });

  it('colours the errors card by its most urgent non-empty bucket', () => {
    expect(summaryCards(stats([1, 1, 0, 0, 0, 0]), [])[0]?.colour).toBe('red');
    expect(summaryCards(stats([0, 1, 0, 0, 0, 0]), [])[0]?.colour).toBe('light-red');
    expect(summaryCards(stats([0, 0, 0, 0, 0, 0]), [])[4]?.colour).toBe('light-blue');
    expect(priorityBarColour(stats([0, 0, 2, 1, 0, 0]))).toBe('orange');
    expect(priorityBarColour(stats([0, 0, 0, 0, 9, 9]))).toBe('green');
  });

  it('goes compact when an error, alert or traffic count reaches 10000', () => {
    expect(isCompactSummary(summaryCards(stats([0, 0, 0, 9999, 50_000, 0]), []))).toBe(false);
    expect(isCompactSummary(summaryCards(stats([0, 0, 0, 10_000, 0, 0]), []))).toBe(true);
  });

  it('shows the divider only when errors, alerts and traffic are all above zero and the list is not empty', () => {
    const all = summaryCards(stats([1, 0, 1, 1, 0, 0]), []);
    expect(showSummaryDivider(all, false)).toBe(true);
    expect(showSummaryDivider(all, true)).toBe(false);
    expect(showSummaryDivider(summaryCards(stats([1, 0, 0, 1, 5, 5]), []), false)).toBe(false);
  });
});
