import { errorCode, errorLimit, errorMessage } from '../../../lib/errors.js';

/** The console's words for a refused password sign-in; the server's own text never shows. */
export const SIGN_IN_TEXT = {
  // At sign-in, UNAUTHORIZED means the credentials were refused, not that a session ended.
  wrong: 'The e-mail or password is not correct.',
  // Counted for every e-mail alike, so the words say nothing of whether the account exists.
  account: 'Too many failed sign-ins for this e-mail address. Try again later, or sign in with Google.',
  address: 'Too many sign-in attempts from this network. Try again in a minute.',
} as const;

export function signInRefusal(error: unknown): string {
  if (errorCode(error) === 'UNAUTHORIZED') return SIGN_IN_TEXT.wrong;
  const limit = errorLimit(error);
  if (limit === 'SIGNIN_ACCOUNT_FAILURES_MAX') return SIGN_IN_TEXT.account;
  if (limit === 'SIGNIN_RATE_MAX') return SIGN_IN_TEXT.address;
  return errorMessage(error, 'Sign-in failed.');
}
