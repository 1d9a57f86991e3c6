import { describe, expect, it } from 'vitest';
import { firstCharacters, textLength } from './text-length.js';

describe('names counted as people count them', () => {
  it('counts an emoji as one character', () => {
    expect(textLength('🚚 Nachtschicht Überfällige WAW Errors 🔥🔥')).toBe(40);
    expect(textLength('abc')).toBe(3);
    expect(textLength('')).toBe(0);
  });

  it('never cuts an emoji in half', () => {
    expect(firstCharacters('🔥🔥🔥', 2)).toBe('🔥🔥');
    expect(firstCharacters('ab', 5)).toBe('ab');
  });
});
