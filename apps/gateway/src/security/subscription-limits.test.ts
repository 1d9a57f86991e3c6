import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { bindSocket } from '../realtime/wire-fanout.js';
import { limitSubscriptions, sessionLiveRows } from './subscription-limits.js';

const limits = { maxLoadedRows: 1000, maxCount: 20, maxRows: 2000, maxSessionRows: 3000 };
const input = { window: { skip: 400, limit: 100 } };

/** A websocket as tRPC's handler sees it: open until `close()`, which emits 'close' as ws does. */
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), { readyState: WebSocket.OPEN as number });
  return Object.assign(socket, {
    close() {
      socket.readyState = WebSocket.CLOSED;
      socket.emit('close');
    },
  });
}

/** One live-list subscription through the limits, its stream never iterated (as tRPC may leave it). */
function subscribe(ctx: object, signal: AbortSignal, next = async () => ({ ok: true, data: stream() })) {
  return limitSubscriptions(
    {
      ctx,
      type: 'subscription',
      path: 'orders.live',
      getRawInput: async () => input,
      signal,
      next,
    },
    limits,
  );
}

async function* stream() {
  yield 1;
}

describe('limitSubscriptions gives a booking back when tRPC never runs the subscription', () => {
  it('when the socket closes, though the subscription was neither aborted nor started', async () => {
    const socket = fakeSocket();
    const ctx = { sessionId: 'close-unstarted' };
    bindSocket(ctx, socket as unknown as WebSocket);
    await subscribe(ctx, new AbortController().signal);
    expect(sessionLiveRows('close-unstarted')).toBe(500);
    socket.close();
    expect(sessionLiveRows('close-unstarted')).toBe(0);
  });

  it('when the socket closed while the procedure ran (tRPC then drops the stream unstarted)', async () => {
    const socket = fakeSocket();
    const ctx = { sessionId: 'closed-before-start' };
    bindSocket(ctx, socket as unknown as WebSocket);
    // The first subscription makes the socket's share (and its close listener) while it is open.
    await subscribe(ctx, new AbortController().signal);
    await subscribe(ctx, new AbortController().signal, async () => {
      // Closed before tRPC looks: ws's 'close' event has come and gone.
      socket.readyState = WebSocket.CLOSING;
      return { ok: true, data: stream() };
    });
    expect(sessionLiveRows('closed-before-start')).toBe(500);
    socket.close();
    expect(sessionLiveRows('closed-before-start')).toBe(0);
  });
});
