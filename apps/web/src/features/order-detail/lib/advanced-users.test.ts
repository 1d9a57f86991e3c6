import { describe, expect, it } from 'vitest';
import { isAdvancedCommentUser, parseAdvancedUsers } from './advanced-users.js';

describe('advanced comment users', () => {
  it('parses a comma or space separated list and ignores blanks', () => {
    expect(parseAdvancedUsers(' a@x.com, b@y.com ;;user-7 ')).toEqual(['a@x.com', 'b@y.com', 'user-7']);
    expect(parseAdvancedUsers(undefined)).toEqual([]);
    expect(parseAdvancedUsers('')).toEqual([]);
  });

  it('matches by e-mail (any case) or uid, never without a user', () => {
    const list = ['Ops@Example.com', 'user-9'];
    expect(isAdvancedCommentUser({ uid: 'u1', email: 'ops@example.com' }, list)).toBe(true);
    expect(isAdvancedCommentUser({ uid: 'user-9' }, list)).toBe(true);
    expect(isAdvancedCommentUser({ uid: 'u2', email: 'other@example.com' }, list)).toBe(false);
    expect(isAdvancedCommentUser(null, list)).toBe(false);
  });
});
