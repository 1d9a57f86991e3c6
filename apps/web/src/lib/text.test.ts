import { describe, expect, it } from 'vitest';
import { badgeInitials, formatCount } from './text.js';

describe('text helpers', () => {
  it('formats counts of 100000 and more with k', () => {
    expect(formatCount(99_999)).toBe('99999');
    expect(formatCount(100_000)).toBe('100k');
    expect(formatCount(123_456)).toBe('123k');
  });

  it('takes badge initials from the name, ? when there is none', () => {
    expect(badgeInitials('Olivia Ops')).toBe('OO');
    expect(badgeInitials('')).toBe('?');
  });
});
