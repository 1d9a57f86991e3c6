import type { BulkItemError } from '@waybill/contracts';
import { ERROR_TEXT } from './errors.js';

/** The console's words for a failed order of a bulk action (the gateway sends codes, never text). */
export const BULK_ERROR_TEXT: Record<BulkItemError, string> = {
  not_found: ERROR_TEXT.notFound,
  rejected: 'Not accepted for this order in its current status.',
  unauthorized: ERROR_TEXT.session,
  unavailable: ERROR_TEXT.unreachable,
  failed: ERROR_TEXT.generic,
  conflict: 'Changed by someone else since you ticked it, so it was not changed.',
};
