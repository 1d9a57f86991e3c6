import { errorLimit, errorMessage } from '../../lib/errors.js';

/** The gateway refuses a take past the most orders one person may hold (HOLDS_MAX_PER_USER). */
export const HOLDS_FULL_TEXT =
  'You hold as many orders as one person may: release one before taking another.';

/** The console's words for a take the gateway refused (other than someone else holding the order). */
export function takeRefusal(error: unknown): string {
  if (errorLimit(error) === 'HOLDS_MAX_PER_USER') return HOLDS_FULL_TEXT;
  return errorMessage(error);
}
