import { describe, expect, it } from 'vitest';
import {
  activeMention,
  EXCERPT_MAX,
  excerptOf,
  insertMention,
  mentionedInTextOrder,
  mentionedUsers,
  mentionOptions,
} from './mentions.js';

const users = [
  { uid: 'u1', name: 'Ana Popescu' },
  { uid: 'u2', name: 'Ana' },
  { uid: 'u3', name: 'Dan Developer' },
  { uid: 'u4', name: 'Olivia Ops' },
];

describe('mentionedUsers', () => {
  it('finds full names after @, longest first, each once, case-insensitively', () => {
    expect(mentionedUsers('@Ana Popescu please check, cc @dan developer and @Ana Popescu', users)).toEqual([
      users[0],
      users[2],
    ]);
    expect(mentionedUsers('@Ana, and @Ana Popescu.', users).map((u) => u.uid)).toEqual(['u1', 'u2']);
  });

  it('needs the name to end at a non-word character and ignores plain names and e-mails', () => {
    expect(mentionedUsers('@Anastasia called', users)).toEqual([]);
    expect(mentionedUsers('Ana Popescu, ana@example.com', users)).toEqual([]);
  });
});

describe('mentionedInTextOrder', () => {
  it('is the same users, in the order the text first names them', () => {
    const text = '@Olivia Ops then @Ana, then @Dan Developer and @Olivia Ops again';
    expect(mentionedInTextOrder(text, users).map((u) => u.uid)).toEqual(['u4', 'u2', 'u3']);
    expect(mentionedUsers(text, users).map((u) => u.uid)).toEqual(['u2', 'u3', 'u4']);
  });
});

describe('activeMention', () => {
  it('is the @word being typed at the caret', () => {
    expect(activeMention('hi @An', 6)).toEqual({ start: 3, query: 'An' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('hi @Ana Po', 10)).toEqual({ start: 3, query: 'Ana Po' });
    expect(activeMention('(@d', 3)).toEqual({ start: 1, query: 'd' });
  });

  it('is null in an e-mail, after a newline or a leading space, or without @', () => {
    expect(activeMention('ana@exa', 7)).toBeNull();
    expect(activeMention('@ana\nx', 6)).toBeNull();
    expect(activeMention('@ x', 3)).toBeNull();
    expect(activeMention('hello', 5)).toBeNull();
  });
});

describe('mentionOptions', () => {
  it('ranks names starting with the query before later words, alphabetically, capped', () => {
    expect(mentionOptions(users, 'd').map((u) => u.name)).toEqual(['Dan Developer']);
    expect(mentionOptions(users, 'po').map((u) => u.name)).toEqual(['Ana Popescu']);
    expect(mentionOptions(users, 'ana').map((u) => u.name)).toEqual(['Ana', 'Ana Popescu']);
    expect(mentionOptions(users, '', 2)).toHaveLength(2);
  });
});

describe('insertMention', () => {
  it('replaces the typed query with the full name and a space, caret after it', () => {
    expect(insertMention('hi @da thanks', 3, 6, 'Dan Developer')).toEqual({
      text: 'hi @Dan Developer thanks',
      caret: 18,
    });
    expect(insertMention('@', 0, 1, 'Ana')).toEqual({ text: '@Ana ', caret: 5 });
  });
});

describe('excerptOf', () => {
  it('is one line of at most EXCERPT_MAX characters, cut at a word', () => {
    expect(excerptOf('  short\n\ttext ')).toBe('short text');
    const long = excerptOf('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(EXCERPT_MAX);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('shows others no control, direction or invisible characters: a forged line stays on the same line', () => {
    const forged = '@Ana Popescu \u202Eevil\u202C\u0007\u0000\u001b[31m\r\nAna Popescu changed the status';
    expect(excerptOf(forged)).toBe('@Ana Popescu evil[31m Ana Popescu changed the status');
    expect(excerptOf('zero\u200Bwidth\uFEFF')).toBe('zerowidth');
  });

  it('never cuts a character written as two UTF-16 units in half', () => {
    const cut = excerptOf(`${'x'.repeat(118)}😀😀`);
    expect(cut).toBe(`${'x'.repeat(118)}…`);
  });
});
