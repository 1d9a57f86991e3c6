import { inboundColour } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { dropdownColour, type PriorityCounts, urgency } from './colours.js';

const counts = (values: Partial<Record<number, number>>): PriorityCounts => ({
  count_display_priority_0: values[0] ?? 0,
  count_display_priority_1: values[1] ?? 0,
  count_display_priority_2: values[2] ?? 0,
  count_display_priority_3: values[3] ?? 0,
  count_display_priority_4: values[4] ?? 0,
  count_display_priority_5: values[5] ?? 0,
  count_display_priority_6: values[6] ?? 0,
});

describe('inbound colours', () => {
  it('uses the contracts rule: priority first, then status', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((p) => inboundColour({ display_priority: p, status: 'draft' }))).toEqual(
      ['red', 'light-red', 'orange', 'yellow', 'green', 'blue', 'gray'],
    );
    expect(inboundColour({ display_priority: null, status: 'processing' })).toBe('light-red');
  });

  it('colours a dropdown by its most urgent non-zero count', () => {
    expect(urgency(counts({ 4: 3, 2: 1 }))).toBe(2);
    expect(urgency(counts({}))).toBe(7);
    expect(dropdownColour([counts({ 5: 1 }), counts({ 1: 2, 6: 9 })])).toBe('light-red');
    expect(dropdownColour([counts({ 6: 1 })])).toBe('gray');
    expect(dropdownColour([counts({})])).toBeNull();
    expect(dropdownColour([])).toBeNull();
  });
});
