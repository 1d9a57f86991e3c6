import type { BulkItemError } from '@waybill/contracts';
import { ERROR_TEXT } from '../../../../lib/errors.js';

/** The console's words for a failed order of a bulk action (the gateway sends codes, never text). */
export const BULK_ERROR_TEXT: Record<BulkItemError, string> = {
  not_found: ERROR_TEXT.notFound,
  rejected: 'Not accepted for this order in its current status.',
  unauthorized: ERROR_TEXT.session,
  unavailable: ERROR_TEXT.unreachable,
  failed: ERROR_TEXT.generic,
};

/** Orders sent per orders.bulk call, so progress shows order by order batch. */
export const BULK_CHUNK = 10;

/** `items` in chunks of `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
