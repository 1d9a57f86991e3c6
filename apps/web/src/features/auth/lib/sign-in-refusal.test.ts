import { describe, expect, it } from 'vitest';
import { SIGN_IN_TEXT, signInRefusal } from './sign-in-refusal.js';

const refusal = (code: string, limit: string | null, message = 'server words') =>
  Object.assign(new Error(message), { data: { code, limit, requestId: 'req-1' } });

describe('signInRefusal', () => {
  it('names each sign-in limit in the console’s words, never the server’s', () => {
    const account = refusal('TOO_MANY_REQUESTS', 'SIGNIN_ACCOUNT_FAILURES_MAX', 'Too many failed … 900 s');
    expect(signInRefusal(account)).toBe(SIGN_IN_TEXT.account);
    expect(signInRefusal(refusal('TOO_MANY_REQUESTS', 'SIGNIN_RATE_MAX'))).toBe(SIGN_IN_TEXT.address);
    expect(signInRefusal(refusal('UNAUTHORIZED', null))).toBe(SIGN_IN_TEXT.wrong);
  });

  it('falls back to the console’s words for the code, with the reference', () => {
    const text = signInRefusal(refusal('BAD_GATEWAY', null));
    expect(text).not.toContain('server words');
    expect(text).toMatch(/^The backend cannot be reached; try again in a moment\. Reference: req-1$/);
  });
});
