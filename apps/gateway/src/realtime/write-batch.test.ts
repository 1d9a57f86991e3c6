import { describe, expect, it } from 'vitest';
import { bindSocket, WireFrame, WireSink, WriteBatch } from './wire-fanout.js';

describe('WriteBatch', () => {
  it('writes in the sockets connection order, each socket’s frames in the order they were added', () => {
    const log: string[] = [];
    const socket = (name: string) => ({
      readyState: 1,
      bufferedAmount: 0,
      send(bytes: Buffer) {
        log.push(`${name} ${JSON.parse(String(bytes)).result.id}`);
      },
    });
    const sockets = ['first', 'second', 'third'].map(socket);
    for (const s of sockets) bindSocket({}, s as never);
    const signal = new AbortController().signal;
    const [first, second, third] = sockets.map(
      (s) => new WireSink({ id: 1, socket: s as never, signal }, () => []),
    );
    const frame = (id: string) => new WireFrame({ id, message: { kind: 'patch' } } as never);
    const [a, b] = [frame('e:1'), frame('e:2')];

    const batch = new WriteBatch();
    batch.add(third!, a);
    batch.add(first!, a);
    batch.add(third!, b);
    batch.add(second!, a);
    expect(log).toEqual([]);
    expect(batch.flush().written).toBe(4);
    expect(log).toEqual(['first e:1', 'second e:1', 'third e:1', 'third e:2']);
    expect(batch.flush().written).toBe(0);
  });
});
