import { describe, expect, it } from 'vitest';
import {
  BACK_ONLINE_MS,
  CONNECTED,
  type ConnectionEvent,
  type ConnectionState,
  connectionView,
  createConnectionStore,
  nextConnectionState,
  nextViewChange,
  RECONNECTING_GRACE_MS,
} from './connection-state.js';

const down: ConnectionEvent = { type: 'socket', down: true };
const up: ConnectionEvent = { type: 'socket', down: false };
const T0 = 1_000_000;

function run(events: [ConnectionEvent, number][]): ConnectionState {
  return events.reduce((state, [event, at]) => nextConnectionState(state, event, at), CONNECTED);
}

describe('connection state', () => {
  it('an outage lasts from the first signal down to the last one up, and counts a recovery', () => {
    const state = run([
      [down, T0],
      [{ type: 'network', online: false }, T0 + 100],
      [up, T0 + 200],
    ]);
    // Still offline: the outage goes on, from its start.
    expect(state.downSince).toBe(T0);
    const back = nextConnectionState(state, { type: 'network', online: true }, T0 + 5_000);
    expect(back).toMatchObject({ downSince: null, lastOutage: { from: T0, to: T0 + 5_000 }, recoveries: 1 });
  });

  it('changes nothing for a repeated signal', () => {
    const state = run([[down, T0]]);
    expect(nextConnectionState(state, down, T0 + 50)).toBe(state);
    expect(nextConnectionState(CONNECTED, up, T0)).toBe(CONNECTED);
  });

  it('says reconnecting only past the grace, and back online for a while after a shown outage', () => {
    const state = run([[down, T0]]);
    expect(connectionView(state, T0 + RECONNECTING_GRACE_MS - 1).status).toBe('online');
    expect(nextViewChange(state, T0)).toBe(T0 + RECONNECTING_GRACE_MS);
    expect(connectionView(state, T0 + RECONNECTING_GRACE_MS)).toEqual({
      status: 'reconnecting',
      downSince: T0,
    });
    expect(nextViewChange(state, T0 + RECONNECTING_GRACE_MS)).toBeNull();

    const recovered = nextConnectionState(state, up, T0 + 4_000);
    expect(connectionView(recovered, T0 + 4_000).status).toBe('back');
    expect(nextViewChange(recovered, T0 + 4_000)).toBe(T0 + 4_000 + BACK_ONLINE_MS);
    expect(connectionView(recovered, T0 + 4_000 + BACK_ONLINE_MS).status).toBe('online');
    expect(nextViewChange(recovered, T0 + 4_000 + BACK_ONLINE_MS)).toBeNull();
  });

  it('shows nothing at all for a drop shorter than the grace (a hand-over to a new replica)', () => {
    const blip = run([
      [down, T0],
      [up, T0 + 50],
    ]);
    expect(blip.recoveries).toBe(1);
    expect(connectionView(blip, T0 + 60).status).toBe('online');
    expect(nextViewChange(blip, T0 + 60)).toBeNull();
  });

  it('tells its listeners about changes only', () => {
    let now = T0;
    const store = createConnectionStore(() => now);
    const heard: number[] = [];
    const stop = store.subscribe(() => heard.push(store.get().recoveries));
    store.report(down);
    store.report(down);
    now += 2_000;
    store.report(up);
    stop();
    store.report(down);
    expect(heard).toEqual([0, 1]);
    expect(store.get().downSince).toBe(now);
  });
});
