import { describe, expect, it } from 'vitest';
import { badgeInitials } from './text.js';

describe('text helpers', () => {
  it('takes badge initials from the name, ? when there is none', () => {
    expect(badgeInitials('Olivia Ops')).toBe('OO');
    expect(badgeInitials('')).toBe('?');
  });
});
