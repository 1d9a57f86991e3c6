import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { isOutageError, OUTAGE_RETRY_MS, outageRetryDelay, retryOutages } from './outage.js';

const failed = (code: string) =>
  TRPCClientError.from({ error: { code: -32000, message: 'raw server text', data: { code } } });

describe('outage errors', () => {
  it('counts gateway and backend unavailability and unanswered calls, not answers about the request', () => {
    expect(isOutageError(failed('BAD_GATEWAY'))).toBe(true);
    expect(isOutageError(failed('GATEWAY_TIMEOUT'))).toBe(true);
    expect(isOutageError(failed('SERVICE_UNAVAILABLE'))).toBe(true);
    expect(isOutageError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOutageError(new Error('WebSocket closed'))).toBe(true);
    expect(isOutageError(failed('NOT_FOUND'))).toBe(false);
    expect(isOutageError(failed('UNAUTHORIZED'))).toBe(false);
    expect(isOutageError(failed('INTERNAL_SERVER_ERROR'))).toBe(false);
    expect(isOutageError(null)).toBe(false);
  });

  it('retries outages for as long as asked and other failures a bounded number of times', () => {
    const retry = retryOutages(1);
    expect(retry(50, failed('BAD_GATEWAY'))).toBe(true);
    expect(retry(0, failed('INTERNAL_SERVER_ERROR'))).toBe(true);
    expect(retry(1, failed('INTERNAL_SERVER_ERROR'))).toBe(false);
    expect(retryOutages(0)(0, failed('NOT_FOUND'))).toBe(false);
  });

  it('waits at most OUTAGE_RETRY_MS between retries, so a screen fills in within seconds of recovery', () => {
    expect(outageRetryDelay(0)).toBe(500);
    expect(outageRetryDelay(1)).toBe(1_000);
    expect(outageRetryDelay(10)).toBe(OUTAGE_RETRY_MS);
  });
});
