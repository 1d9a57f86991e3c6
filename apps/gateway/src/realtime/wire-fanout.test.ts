import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { TrackedMessage } from './cohort.js';
import { SLOW_SOCKET_BYTES, WireFrame, WireSink } from './wire-fanout.js';

/** A socket that records what is sent to it; its buffered bytes are set by the test. */
function fakeSocket() {
  const sent: string[] = [];
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    send: (data: Buffer) => sent.push(data.toString()),
  };
  return { socket, sent, ws: socket as unknown as WebSocket };
}

const tracked = (n: number) =>
  ({ id: `e:${n}`, message: { kind: 'health', paused: false, dataAt: n } }) as unknown as TrackedMessage<
    { uid: string },
    unknown
  >;

describe('WireSink', () => {
  it("writes each frame in tRPC's data format with the subscription's own request id", () => {
    const { ws, sent } = fakeSocket();
    const abort = new AbortController();
    const sink = new WireSink({ id: 7, jsonrpc: '2.0', socket: ws, signal: abort.signal }, () => []);
    sink.write(new WireFrame(tracked(1)));
    expect(JSON.parse(sent[0]!)).toEqual({
      id: 7,
      jsonrpc: '2.0',
      result: {
        type: 'data',
        id: 'e:1',
        data: { id: 'e:1', data: { kind: 'health', paused: false, dataAt: 1 } },
      },
    });
  });

  it('writes nothing once the subscription is stopped, before the member has left its cohort', () => {
    const { ws, sent } = fakeSocket();
    const abort = new AbortController();
    const sink = new WireSink({ id: 1, socket: ws, signal: abort.signal }, () => []);
    sink.write(new WireFrame(tracked(1)));
    abort.abort();
    sink.write(new WireFrame(tracked(2)));
    expect(sent).toHaveLength(1);
  });

  it('writes nothing for a subscription stopped before its sink was made', () => {
    const { ws, sent } = fakeSocket();
    const abort = new AbortController();
    abort.abort();
    const sink = new WireSink({ id: 1, socket: ws, signal: abort.signal }, () => []);
    sink.write(new WireFrame(tracked(1)));
    expect(sent).toHaveLength(0);
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(0);
  });

  it('stops listening to the signal when closed, so a socket with many subscriptions keeps no listeners', () => {
    const { ws } = fakeSocket();
    const abort = new AbortController();
    const sink = new WireSink({ id: 1, socket: ws, signal: abort.signal }, () => []);
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(1);
    sink.close();
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(0);
  });

  it('skips a socket holding more than the slow limit, without sending it anything', () => {
    const { socket, ws, sent } = fakeSocket();
    const sink = new WireSink({ id: 1, socket: ws, signal: new AbortController().signal }, () => [
      tracked(9),
    ]);
    socket.bufferedAmount = SLOW_SOCKET_BYTES + 1;
    sink.write(new WireFrame(tracked(1)));
    socket.bufferedAmount = 0;
    sink.write(new WireFrame(tracked(2)));
    expect(sent).toHaveLength(0);
    sink.close();
  });
});
