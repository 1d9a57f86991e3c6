import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { socketPairs } from '../../test/ws-pair.js';
import { probeWhileHeld } from './liveness.js';

const INTERVAL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('probeWhileHeld: a half-open socket holding presence is found within two intervals', () => {
  const socketPair = socketPairs();

  it('keeps a socket that answers its pings', async () => {
    const pair = await socketPair();
    const probe = probeWhileHeld(pair.socket, INTERVAL_MS);
    await sleep(INTERVAL_MS * 5);
    expect(pair.pings()).toBeGreaterThanOrEqual(3);
    expect(pair.socket.readyState).toBe(WebSocket.OPEN);
    probe.release();
  });

  it('terminates a socket that stops answering, within two intervals', async () => {
    const pair = await socketPair({ autoPong: false });
    const from = Date.now();
    probeWhileHeld(pair.socket, INTERVAL_MS);
    const closedAt = await pair.closed;
    expect(pair.pings()).toBe(1);
    expect(closedAt - from).toBeLessThan(INTERVAL_MS * 2 + 50);
  });

  it('shares one probe among holds: releasing one, even twice, leaves the other probing', async () => {
    const pair = await socketPair({ autoPong: false });
    const first = probeWhileHeld(pair.socket, INTERVAL_MS);
    const second = probeWhileHeld(pair.socket, INTERVAL_MS);
    first.release();
    first.release();
    // One hold left: still probed, so still found.
    await pair.closed;
    second.release();
  });

  it('after release, a socket that never answers stays open and is pinged no more', async () => {
    const pair = await socketPair({ autoPong: false });
    probeWhileHeld(pair.socket, INTERVAL_MS).release();
    await sleep(INTERVAL_MS * 4);
    expect(pair.pings()).toBe(0);
    expect(pair.socket.readyState).toBe(WebSocket.OPEN);
    expect(pair.socket.listenerCount('pong')).toBe(0);
  });
});
