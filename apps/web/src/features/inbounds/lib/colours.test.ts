import { describe, expect, it } from 'vitest';
import { dropdownColour, inboundColour, type PriorityCounts, urgency } from './colours.js';

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
  it('follows the display priority', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((p) => inboundColour(p, 'draft'))).toEqual([
      'red',
      'light-red',
      'orange',
      'yellow',
      'green',
      'blue',
      'gray',
    ]);
  });

  it('falls back to the status without a priority', () => {
    expect(inboundColour(null, 'completed')).toBe('green');
    expect(inboundColour(null, 'cancelled')).toBe('blue');
    expect(inboundColour(null, 'in_transit')).toBe('yellow');
    expect(inboundColour(null, 'arrived')).toBe('orange');
    expect(inboundColour(null, 'processing')).toBe('light-red');
    expect(inboundColour(null, 'draft')).toBe('gray');
    expect(inboundColour(null, 'deleted')).toBe('gray');
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
