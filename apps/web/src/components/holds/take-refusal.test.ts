import { describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../lib/errors.js';
import { HOLDS_FULL_TEXT, takeRefusal } from './take-refusal.js';

const failed = (code: string, limit: string | null = null) => ({
  message: 'server words',
  data: { code, limit },
});

describe('takeRefusal', () => {
  it('says the person holds as many orders as they may, in the console’s words', () => {
    expect(takeRefusal(failed('BAD_REQUEST', 'HOLDS_MAX_PER_USER'))).toBe(HOLDS_FULL_TEXT);
  });
  it('gives the usual words for the other refusals, never the server’s', () => {
    expect(takeRefusal(failed('TOO_MANY_REQUESTS', 'HOLD_RATE_MAX'))).toBe(ERROR_TEXT.busy);
    expect(takeRefusal(failed('BAD_REQUEST'))).toBe(ERROR_TEXT.rejected);
    expect(takeRefusal(failed('NOT_FOUND'))).toBe(ERROR_TEXT.notFound);
  });
});
