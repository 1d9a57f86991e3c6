import { errorCode } from './errors.js';

/** How often a screen that could not be read is read again while the server is out of reach. */
export const OUTAGE_RETRY_MS = 3_000;

const OUTAGE_CODES = new Set(['BAD_GATEWAY', 'GATEWAY_TIMEOUT', 'SERVICE_UNAVAILABLE', 'TIMEOUT']);
// A call that never got an answer: fetch refused (gateway down, network lost) or the socket closed.
const NO_ANSWER = /Failed to fetch|NetworkError|fetch failed|Load failed|WebSocket|Closed before/i;

/**
 * A failure that says the server (gateway or backend) is out of reach, which ends by itself, as
 * opposed to an answer about the request (not found, refused, invalid), which retrying will not change.
 */
export function isOutageError(error: unknown): boolean {
  const code = errorCode(error);
  if (code !== null) return OUTAGE_CODES.has(code);
  return error instanceof Error && NO_ANSWER.test(error.message);
}

/**
 * React Query retry rule of a screen that must fill in by itself after an outage: outage failures
 * are retried for as long as the screen is shown; any other failure is retried `others` times.
 */
export function retryOutages(others: number) {
  return (failures: number, error: unknown) => isOutageError(error) || failures < others;
}

/** Waits between those retries: quick at first, never longer than OUTAGE_RETRY_MS. */
export function outageRetryDelay(failures: number): number {
  return Math.min(500 * 2 ** failures, OUTAGE_RETRY_MS);
}
