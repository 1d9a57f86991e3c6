import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type SocketPair, socketPairs } from '../../test/ws-pair.js';
import { probeWhileHeld } from './liveness.js';

const INTERVAL_MS = 100;

// The probe's interval runs on a fake clock, moved one interval at a time; the sockets are real, so
// each step waits for what crossed the wire (a ping, a pong, the close) rather than for a time. Waits
// are socket events, not vi.waitFor, which would move the fake clock on its own.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** One probe interval passes; resolves once the client has had its ping, `pings` in all. */
async function interval(pair: SocketPair, pings: number) {
  const ping = once(pair.client, 'ping');
  vi.advanceTimersByTime(INTERVAL_MS);
  await ping;
  expect(pair.pings()).toBe(pings);
}

describe('probeWhileHeld: a half-open socket holding presence is found within two intervals', () => {
  const socketPair = socketPairs();

  it('keeps a socket that answers its pings', async () => {
    const pair = await socketPair();
    const probe = probeWhileHeld(pair.socket, INTERVAL_MS);
    for (let n = 1; n <= 5; n++) {
      const pong = once(pair.socket, 'pong');
      await interval(pair, n);
      await pong;
    }
    expect(pair.socket.readyState).toBe(WebSocket.OPEN);
    probe.release();
  });

  it('terminates a socket that stops answering, at the second interval', async () => {
    const pair = await socketPair({ autoPong: false });
    probeWhileHeld(pair.socket, INTERVAL_MS);
    await interval(pair, 1);
    expect(pair.socket.readyState).toBe(WebSocket.OPEN);
    vi.advanceTimersByTime(INTERVAL_MS);
    await pair.closed;
    expect(pair.pings()).toBe(1);
  });

  it('shares one probe among holds: releasing one, even twice, leaves the other probing', async () => {
    const pair = await socketPair({ autoPong: false });
    const first = probeWhileHeld(pair.socket, INTERVAL_MS);
    const second = probeWhileHeld(pair.socket, INTERVAL_MS);
    first.release();
    first.release();
    // One hold left: still probed, so still found.
    await interval(pair, 1);
    vi.advanceTimersByTime(INTERVAL_MS);
    await pair.closed;
    second.release();
  });

  it('after release, a socket that never answers stays open and is pinged no more', async () => {
    const pair = await socketPair({ autoPong: false });
    probeWhileHeld(pair.socket, INTERVAL_MS).release();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(INTERVAL_MS * 4);
    // A message sent now reaches the client after any ping sent before it.
    const message = once(pair.client, 'message');
    pair.socket.send('after');
    await message;
    expect(pair.pings()).toBe(0);
    expect(pair.socket.readyState).toBe(WebSocket.OPEN);
    expect(pair.socket.listenerCount('pong')).toBe(0);
  });
});
