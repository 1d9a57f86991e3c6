import { renderHook } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTAGE_RETRY_MS } from '../lib/outage.js';
import { type RetryableSubscription, useRetryAfterOutage } from './use-retry-after-outage.js';

const failure = (code: string) =>
  new TRPCClientError('failed', { result: { error: { code: -32000, message: 'failed', data: { code } } } });

function mounted(initial: RetryableSubscription) {
  return renderHook((subscription: RetryableSubscription) => useRetryAfterOutage(subscription), {
    initialProps: initial,
  });
}

describe('useRetryAfterOutage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a subscription ended by an outage again after OUTAGE_RETRY_MS', () => {
    const reset = vi.fn();
    mounted({ status: 'error', error: failure('BAD_GATEWAY'), reset });
    vi.advanceTimersByTime(OUTAGE_RETRY_MS - 1);
    expect(reset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('leaves a subscription refused for anything else, and one that is running, alone', () => {
    const reset = vi.fn();
    const hook = mounted({ status: 'error', error: failure('FORBIDDEN'), reset });
    hook.rerender({ status: 'pending', error: null, reset });
    vi.advanceTimersByTime(10 * OUTAGE_RETRY_MS);
    expect(reset).not.toHaveBeenCalled();
  });

  it('does not retry once unmounted or recovered before the wait is over', () => {
    const reset = vi.fn();
    const hook = mounted({ status: 'error', error: failure('SERVICE_UNAVAILABLE'), reset });
    hook.rerender({ status: 'pending', error: null, reset });
    vi.advanceTimersByTime(OUTAGE_RETRY_MS);
    const again = mounted({ status: 'error', error: failure('GATEWAY_TIMEOUT'), reset });
    again.unmount();
    vi.advanceTimersByTime(OUTAGE_RETRY_MS);
    expect(reset).not.toHaveBeenCalled();
  });
});
