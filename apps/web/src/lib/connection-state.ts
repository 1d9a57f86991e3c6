/**
 * Whether the console can hear the gateway: its websocket (live lists, presence) and the browser's
 * network. Kept outside React so the tRPC client can report into it; `useConnectionState` reads it.
 */

/** A drop shorter than this (a deploy's hand-over to a new replica) is not shown: no flashing banner. */
export const RECONNECTING_GRACE_MS = 800;
/** How long "Back online" stays after a shown outage. */
export const BACK_ONLINE_MS = 3_000;
export interface ConnectionState {
  /** The websocket was lost while subscriptions needed it; tRPC is reconnecting. */
  socketDown: boolean;
  /** The browser reports no network at all. */
  offline: boolean;
  /** When the current outage began (ms epoch); null while connected. */
  downSince: number | null;
  /** The last outage that ended, for "Back online". */
  lastOutage: { from: number; to: number } | null;
  /** Outages that ended so far: screens read again when it grows. */
  recoveries: number;
}

export type ConnectionEvent = { type: 'socket'; down: boolean } | { type: 'network'; online: boolean };

export const CONNECTED: ConnectionState = {
  socketDown: false,
  offline: false,
  downSince: null,
  lastOutage: null,
  recoveries: 0,
};

/** The state after `event` at `now`. The same state object when nothing changed. */
export function nextConnectionState(
  state: ConnectionState,
  event: ConnectionEvent,
  now: number,
): ConnectionState {
  const socketDown = event.type === 'socket' ? event.down : state.socketDown;
  const offline = event.type === 'network' ? !event.online : state.offline;
  if (socketDown === state.socketDown && offline === state.offline) return state;
  const down = socketDown || offline;
  if (down && state.downSince === null) return { ...state, socketDown, offline, downSince: now };
  if (!down && state.downSince !== null)
    return {
      socketDown,
      offline,
      downSince: null,
      lastOutage: { from: state.downSince, to: now },
      recoveries: state.recoveries + 1,
    };
  return { ...state, socketDown, offline };
}

export type ConnectionStatus = 'online' | 'reconnecting' | 'back';

export interface ConnectionView {
  status: ConnectionStatus;
  /** While reconnecting: since when nothing was heard (the age of what screens show). */
  downSince: number | null;
}

const shownOutage = (outage: { from: number; to: number } | null) =>
  outage !== null && outage.to - outage.from >= RECONNECTING_GRACE_MS;

/** What to tell the user at `now`: reconnecting past the grace, "back" briefly after a shown outage. */
export function connectionView(state: ConnectionState, now: number): ConnectionView {
  if (state.downSince !== null && now - state.downSince >= RECONNECTING_GRACE_MS)
    return { status: 'reconnecting', downSince: state.downSince };
  if (
    state.downSince === null &&
    shownOutage(state.lastOutage) &&
    now - (state.lastOutage?.to ?? 0) < BACK_ONLINE_MS
  )
    return { status: 'back', downSince: null };
  return { status: 'online', downSince: null };
}

/** When `connectionView` will next change by time alone (ms epoch), or null. */
export function nextViewChange(state: ConnectionState, now: number): number | null {
  if (state.downSince !== null) {
    const shownAt = state.downSince + RECONNECTING_GRACE_MS;
    return shownAt > now ? shownAt : null;
  }
  if (!shownOutage(state.lastOutage)) return null;
  const goneAt = (state.lastOutage?.to ?? 0) + BACK_ONLINE_MS;
  return goneAt > now ? goneAt : null;
}

type Listener = () => void;

/** The page's one connection state; tests report into it and reset it. */
export function createConnectionStore(clock: () => number = () => Date.now()) {
  let state = CONNECTED;
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** `at` defaults to now (tests date an outage back). */
    report(event: ConnectionEvent, at: number = clock()) {
      const next = nextConnectionState(state, event, at);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    reset() {
      state = CONNECTED;
      for (const listener of listeners) listener();
    },
  };
}

export const connectionStore = createConnectionStore();
