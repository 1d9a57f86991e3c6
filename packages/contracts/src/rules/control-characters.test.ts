import { describe, expect, it } from 'vitest';
import { scriptTokenNameSchema } from '../script-tokens.js';
import {
  COMBINING_MARKS_MAX,
  commentTextShown,
  hasControlCharacters,
  withoutControlCharacters,
} from './control-characters.js';

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

  it('finds invisible format characters: zero-width space, word joiner, BOM, soft hyphen, tags, ESC', () => {
    for (const bad of [
      'Ana\u200BPopescu',
      'a\u2060b',
      '\uFEFFname',
      'in\u00ADvisible',
      'flag\u{E0041}\u{E0042}',
      'colour\u001b[31m',
      'Arabic\u061Cmark',
    ])
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
  });

  it('finds a character carrying more than COMBINING_MARKS_MAX combining marks, joiners or not', () => {
    const marks = '\u0301\u0302\u0303\u0304\u0305\u0306';
    expect(hasControlCharacters(`Z${marks.slice(0, COMBINING_MARKS_MAX)}`)).toBe(false);
    expect(hasControlCharacters(`Z${marks.slice(0, COMBINING_MARKS_MAX + 1)}`)).toBe(true);
    expect(hasControlCharacters('Z\u0301\u0302\u0303\u200D\u0304\u0305')).toBe(true);
  });

  it('lets plain names through, accents, other scripts and emoji sequences included', () => {
    for (const good of [
      'Late orders',
      'Comenzi întârziate',
      'Zamówienia',
      'طلبات',
      'Team 👨‍👩‍👧 queue',
      'Vie\u0323\u0302t',
      'می\u200Cخواهم',
      'keycap 1\uFE0F\u20E3',
    ])
      expect(hasControlCharacters(good), good).toBe(false);
  });

  it('is the rule script token names follow', () => {
    expect(scriptTokenNameSchema.safeParse('nightly\u202Ereport').success).toBe(false);
    expect(scriptTokenNameSchema.safeParse('nightly\u200Breport').success).toBe(false);
    expect(scriptTokenNameSchema.safeParse('nightly report').success).toBe(true);
  });
});

describe('withoutControlCharacters', () => {
  it('turns line breaks into spaces and drops control, direction and invisible characters', () => {
    const forged = '@Ana \u202Eevil\u202C\u0007\u0000\u001b[31m\r\nAna Popescu changed the status';
    expect(withoutControlCharacters(forged)).toBe('@Ana evil[31m  Ana Popescu changed the status');
    expect(withoutControlCharacters('a\u200Bb\u2060c\uFEFFd\u{E0041}e\u2028f')).toBe('abcde f');
  });

  it('keeps the joiners and the first COMBINING_MARKS_MAX marks of a stack', () => {
    expect(withoutControlCharacters('Team 👨‍👩‍👧')).toBe('Team 👨‍👩‍👧');
    const zalgo = `Z${'\u0301'.repeat(40)}!`;
    expect(withoutControlCharacters(zalgo)).toBe(`Z${'\u0301'.repeat(COMBINING_MARKS_MAX)}!`);
    // Marks a dropped character kept apart still make one stack.
    expect(withoutControlCharacters(`Z${'\u0301\u200B'.repeat(10)}`)).toBe(
      `Z${'\u0301'.repeat(COMBINING_MARKS_MAX)}`,
    );
  });
});

describe('commentTextShown', () => {
  it('shows a direction override as the characters stored, not reordered', () => {
    expect(commentTextShown('Refund approved \u202E00.005 RUE tnuoma')).toBe(
      'Refund approved 00.005 RUE tnuoma',
    );
  });

  it('keeps the lines of a comment, and drops hidden characters within each', () => {
    expect(commentTextShown('first\r\nsec\u200Bond\nthird\u2028fourth\tend')).toBe(
      'first\nsecond\nthird\nfourth end',
    );
  });

  it('keeps joiners, accents and plain text as they are', () => {
    const text = 'Livrare la 👨\u200D👩\u200D👧 — Ștefan, café';
    expect(commentTextShown(text)).toBe(text);
  });
});
