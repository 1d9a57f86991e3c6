import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { connectionStore } from '../lib/connection-state.js';

const recoveriesOf = () => connectionStore.get().recoveries;

/**
 * Mounted once by the app: reports the browser's network into the connection state, and when an
 * outage ends reads again every shown query that failed (or is waiting to retry) during it, so no
 * screen keeps an error or an empty state after the fault is gone. Live lists and details resume
 * on their own: their subscriptions are sent again on the new socket.
 */
export function useOutageRecovery(queryClient: QueryClient): void {
  useEffect(() => {
    const report = () => connectionStore.report({ type: 'network', online: navigator.onLine });
    report();
    window.addEventListener('online', report);
    window.addEventListener('offline', report);
    return () => {
      window.removeEventListener('online', report);
      window.removeEventListener('offline', report);
    };
  }, []);

  const recoveries = useSyncExternalStore(connectionStore.subscribe, recoveriesOf);
  const seen = useRef(recoveries);
  useEffect(() => {
    if (recoveries === seen.current) return;
    seen.current = recoveries;
    void queryClient.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error' || query.state.fetchFailureCount > 0,
    });
  }, [recoveries, queryClient]);
}
