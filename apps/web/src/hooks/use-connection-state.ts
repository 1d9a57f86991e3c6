import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  type ConnectionView,
  connectionStore,
  connectionView,
  nextViewChange,
} from '../lib/connection-state.js';

export interface ConnectionStateView extends ConnectionView {
  /** The connection is lost right now (before the grace too): live lists must not give up on it. */
  down: boolean;
  /** Outages that ended so far: grows by one at each recovery. */
  recoveries: number;
}

/**
 * The connection as the screens show it (see lib/connection-state): 'reconnecting' once an outage
 * lasts past the grace, 'back' for a moment after it. Re-renders when that changes with time.
 */
export function useConnectionState(): ConnectionStateView {
  const state = useSyncExternalStore(connectionStore.subscribe, connectionStore.get);
  const [, setTick] = useState(0);
  useEffect(() => {
    const at = nextViewChange(state, Date.now());
    if (at === null) return;
    const timer = setTimeout(() => setTick((t) => t + 1), Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  });
  return {
    ...connectionView(state, Date.now()),
    down: state.downSince !== null,
    recoveries: state.recoveries,
  };
}
