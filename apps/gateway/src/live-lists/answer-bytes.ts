import { TRPCError } from '@trpc/server';
import { answerSizeOf } from '../backend/answer-size.js';

/**
 * What shaping may add per row to what the backend sent: a row's comment counts, a cut comment's
 * flag and ellipsis (the preview otherwise only drops or cuts).
 */
const SHAPING_BYTES_PER_ROW = 256;
/** UTF-8 bytes one UTF-16 unit of JSON text may take. */
const MAX_BYTES_PER_CHAR = 3;

/**
 * Refuses a list answer whose rows and list-level fields would pass `maxBytes` as JSON
 * (LIST_MAX_ANSWER_BYTES) with PAYLOAD_TOO_LARGE naming the limit. An answer shaped from a backend
 * text far under the limit cannot pass it and is not measured (`source`: the backend's answer).
 * Otherwise it is measured row by row, so an answer far over the limit costs no more than the limit
 * to find out, and no text of its whole size is built.
 */
export function assertAnswerFits(
  rows: readonly unknown[],
  meta: unknown,
  maxBytes: number,
  source?: unknown,
): void {
  const sourceChars = answerSizeOf(source);
  if (
    sourceChars !== undefined &&
    sourceChars * MAX_BYTES_PER_CHAR + rows.length * SHAPING_BYTES_PER_ROW <= maxBytes
  )
    return;
  let bytes = Buffer.byteLength(JSON.stringify(meta) ?? '');
  for (let i = 0; i < rows.length && bytes <= maxBytes; i++)
    bytes += Buffer.byteLength(JSON.stringify(rows[i]) ?? '') + 1;
  if (bytes <= maxBytes) return;
  throw new TRPCError({
    code: 'PAYLOAD_TOO_LARGE',
    message: `This list's answer would be over ${maxBytes.toLocaleString('en-US')} bytes (LIST_MAX_ANSWER_BYTES): load fewer rows or narrow the filter`,
  });
}
