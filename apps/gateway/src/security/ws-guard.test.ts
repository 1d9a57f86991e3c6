import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { WsGuard } from './ws-guard.js';

const MB = 1024 * 1024;

/** A socket as the guard sees it: what it holds unsent is set by the test. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  terminated = false;
  send(data: string) {
    this.sent.push(data);
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  close() {}
}

function guarded() {
  const warnings: string[] = [];
  const logger = {
    warn: (_: unknown, message: string) => warnings.push(message),
  } as unknown as FastifyBaseLogger;
  const guard = new WsGuard({ maxPerUser: 50, messagesPerSecond: 50, maxUnsentBytes: 4 * MB, logger });
  const open = (identity: string | null) => {
    const socket = new FakeSocket();
    guard.attach(socket as unknown as WebSocket);
    if (identity) guard.admit(socket as unknown as WebSocket, identity);
    return socket;
  };
  return { open, warnings };
}

describe('WsGuard: a client that stops reading', () => {
  it('is sent to while it holds up to WS_MAX_UNSENT_BYTES unsent, and closed past it', () => {
    const { open, warnings } = guarded();
    const socket = open('session-a');
    socket.bufferedAmount = 4 * MB;
    socket.send('push 1');
    expect(socket.sent).toEqual(['push 1']);
    socket.bufferedAmount = 4 * MB + 1;
    socket.send('push 2');
    expect(socket.sent).toEqual(['push 1']);
    expect(socket.terminated).toBe(true);
    expect(warnings).toEqual(['websocket closed: its client stopped reading (WS_MAX_UNSENT_BYTES)']);
  });

  it("counts a session's sockets together: past twice the cap the socket sent to is closed", () => {
    const { open } = guarded();
    const [a, b, c] = [open('session-a'), open('session-a'), open('session-a')];
    const other = open('session-b');
    a.bufferedAmount = 3 * MB;
    b.bufferedAmount = 3 * MB;
    other.bufferedAmount = 3 * MB;
    // Another session's sockets do not count: 6 MB of its own is within 8.
    c.bufferedAmount = 2 * MB;
    c.send('x');
    expect(c.terminated).toBe(false);
    c.bufferedAmount = 2 * MB + 1;
    c.send('y');
    expect(c.terminated).toBe(true);
    expect(c.sent).toEqual(['x']);
    other.send('z');
    expect(other.terminated).toBe(false);
  });

  it('caps an unverified socket on its own', () => {
    const { open } = guarded();
    const socket = open(null);
    socket.bufferedAmount = 5 * MB;
    socket.send('x');
    expect(socket.terminated).toBe(true);
  });
});
