import { describe, expect, it } from 'vitest';
import { scriptTokenNameSchema } from '../script-tokens.js';
import { hasControlCharacters } from './control-characters.js';

describe('hasControlCharacters', () => {
  it('finds NUL, BEL, line breaks, separators and direction marks', () => {
    for (const bad of [
      'a\u0000b',
      'ring\u0007',
      'two\nlines',
      'a\u007fb',
      'x\u2028y',
      'evil\u202Etxt.exe',
      '\u2066a\u2069',
      '\u200Fa',
    ])
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
  });

  it('lets plain names through, accents, other scripts and emoji sequences included', () => {
    for (const good of ['Late orders', 'Comenzi întârziate', 'Zamówienia', 'طلبات', 'Team 👨‍👩‍👧 queue'])
      expect(hasControlCharacters(good), good).toBe(false);
  });

  it('is the rule script token names follow', () => {
    expect(scriptTokenNameSchema.safeParse('nightly\u202Ereport').success).toBe(false);
    expect(scriptTokenNameSchema.safeParse('nightly report').success).toBe(true);
  });
});
