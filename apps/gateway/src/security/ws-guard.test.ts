import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { WS_BURST_SECONDS, WsGuard } from './ws-guard.js';

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

describe('WsGuard: the message rate, a token bucket on an injected clock', () => {
  const RATE = 50;
  const BURST = RATE * WS_BURST_SECONDS;

  /** A socket as tRPC reads it: what the guard lets through is counted; its close is recorded. */
  function rated() {
    let now = 1_000_000;
    const warnings: string[] = [];
    const logger = {
      warn: (_: unknown, message: string) => warnings.push(message),
    } as unknown as FastifyBaseLogger;
    const guard = new WsGuard({
      maxPerUser: 50,
      messagesPerSecond: RATE,
      maxUnsentBytes: 4 * MB,
      logger,
      now: () => now,
    });
    const socket = new FakeSocket();
    const closes: Array<[number, string]> = [];
    socket.close = ((code: number, reason: string) => {
      closes.push([code, reason]);
      socket.readyState = 2;
    }) as FakeSocket['close'];
    guard.attach(socket as unknown as WebSocket);
    let read = 0;
    socket.on('message', () => {
      read += 1;
    });
    const send = (n: number) => {
      for (let i = 0; i < n; i++) socket.emit('message', Buffer.from('PING'), false);
    };
    return {
      send,
      read: () => read,
      closes,
      warnings,
      wait: (ms: number) => {
        now += ms;
      },
    };
  }

  it('keeps a client that kept to the rate whose messages the gateway read late, all at once', () => {
    const s = rated();
    // 30 a second for three seconds, read together when the event loop is free again.
    s.wait(3000);
    s.send(90);
    expect(s.read()).toBe(90);
    expect(s.closes).toEqual([]);
  });

  it('admits a burst of WS_BURST_SECONDS of the rate after a quiet spell, and closes on the one past it', () => {
    const s = rated();
    s.send(BURST);
    expect(s.closes).toEqual([]);
    // A long quiet spell refills the bucket to the burst, never past it.
    s.wait(60_000);
    s.send(BURST);
    expect(s.read()).toBe(2 * BURST);
    expect(s.closes).toEqual([]);
    s.send(5);
    expect(s.read()).toBe(2 * BURST);
    expect(s.closes).toEqual([[1008, `more than ${RATE} messages per second`]]);
    expect(s.warnings).toEqual(['websocket closed: message rate limit']);
  });

  it('keeps a socket at the rate for as long as it goes on, and closes one a little over it once its burst is spent', () => {
    const calm = rated();
    for (let second = 0; second < 60; second++) {
      calm.send(RATE);
      calm.wait(1000);
    }
    expect(calm.closes).toEqual([]);
    const eager = rated();
    let seconds = 0;
    while (eager.closes.length === 0 && seconds < 60) {
      eager.send(RATE + 10);
      eager.wait(1000);
      seconds += 1;
    }
    // Each second takes 10 more than comes back: the 150 of the burst no longer hold a second's 60
    // messages in the 11th (150 - 10 × 10 = 50).
    expect(seconds).toBe(11);
  });
});
