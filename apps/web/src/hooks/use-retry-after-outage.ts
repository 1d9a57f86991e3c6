import { useEffect } from 'react';
import { isOutageError, OUTAGE_RETRY_MS } from '../lib/outage.js';

/** What the hook needs of a `useSubscription` result. */
export interface RetryableSubscription {
  status: string;
  error: unknown;
  reset(): void;
}

/**
 * A subscription ended by an outage on the way (gateway or backend out of reach) is sent again
 * every OUTAGE_RETRY_MS for as long as it is mounted. One refused for anything else stays ended:
 * sending it again would be refused again.
 */
export function useRetryAfterOutage(subscription: RetryableSubscription): void {
  const failedForOutage = subscription.status === 'error' && isOutageError(subscription.error);
  const { reset } = subscription;
  useEffect(() => {
    if (!failedForOutage) return;
    const timer = setTimeout(reset, OUTAGE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [failedForOutage, reset]);
}
