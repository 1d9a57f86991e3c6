import { describe, expect, it } from 'vitest';
import { displayReference, formatCount, initials, shortenLong, shortenMiddle } from './text.js';

describe('text helpers', () => {
  it('shows a reference with # and at most 17 characters', () => {
    expect(displayReference('ABC-1')).toBe('#ABC-1');
    expect(displayReference('123456789012345678901')).toBe('#12345678901234567');
    expect(displayReference(null)).toBe('#-');
  });

  it('formats counts of 100000 and more with k', () => {
    expect(formatCount(99_999)).toBe('99999');
    expect(formatCount(100_000)).toBe('100k');
    expect(formatCount(123_456)).toBe('123k');
  });

  it('shortens text in the middle', () => {
    expect(shortenMiddle('short')).toBe('short');
    const out = shortenMiddle('abcdefghijklmnopqrstuvwxyz');
    expect(out).toHaveLength(22);
    expect(out).toContain('...');
    expect(shortenLong('abcdefghijklmnopq')).toBe('abcdef...klmnopq');
    expect(shortenLong('fifteen chars!!')).toBe('fifteen chars!!');
  });

  it('takes initials from the first and last name', () => {
    expect(initials('Ana Maria Popescu')).toBe('AP');
    expect(initials('ops')).toBe('O');
    expect(initials('')).toBe('?');
  });
});
