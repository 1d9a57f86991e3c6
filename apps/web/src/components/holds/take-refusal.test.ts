import { describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../lib/errors.js';
import { HOLDS_FULL_TEXT, takeRefusal } from './take-refusal.js';

const failed = (code: string) => ({ message: 'server words', data: { code } });

describe('takeRefusal', () => {
  it('says the person holds as many orders as they may, in the console’s words', () => {
    expect(takeRefusal(failed('BAD_REQUEST'))).toBe(HOLDS_FULL_TEXT);
  });
  it('gives the usual words for the other refusals, never the server’s', () => {
    expect(takeRefusal(failed('TOO_MANY_REQUESTS'))).toBe(ERROR_TEXT.busy);
    expect(takeRefusal(failed('NOT_FOUND'))).toBe(ERROR_TEXT.notFound);
  });
});
