import { describe, expect, it, vi } from 'vitest';
import type WebSocket from 'ws';
import { socketPairs } from '../../test/ws-pair.js';
import { framePayload, RawFrameWriter, textFrame } from './ws-frame.js';

const text = (length: number) => 'x'.repeat(length);

describe('textFrame and RawFrameWriter', () => {
  const socketPair = socketPairs();

  it('frames every payload length class so that a ws client reads it back unchanged', async () => {
    const pair = await socketPair();
    const writer = RawFrameWriter.of(pair.socket);
    // The installed ws exposes what the raw path needs: without it every push would go through ws.send.
    expect(writer).not.toBeNull();
    const lengths = [0, 1, 125, 126, 65_535, 65_536, 70_000];
    for (const length of lengths) {
      const frame = textFrame(text(length));
      expect(framePayload(frame).toString()).toBe(text(length));
      expect(writer!.write(frame)).toBe(true);
    }
    await vi.waitFor(() => expect(pair.got).toHaveLength(lengths.length), { timeout: 5000 });
    expect(pair.got.map((m) => m.length)).toEqual(lengths);
    expect(pair.got.every((m, i) => m === text(lengths[i]!))).toBe(true);
  });

  it('sizes a frame by its UTF-8 bytes, not its characters', async () => {
    const pair = await socketPair();
    const names = ['Zoë Müller', '東京倉庫', 'é'.repeat(100)];
    for (const name of names) expect(RawFrameWriter.of(pair.socket)!.write(textFrame(name))).toBe(true);
    await vi.waitFor(() => expect(pair.got).toHaveLength(names.length), { timeout: 5000 });
    expect(pair.got).toEqual(names);
  });

  it("keeps order with ws's own sends, and leaves a fragmented message ws is writing to ws", async () => {
    const pair = await socketPair();
    const writer = RawFrameWriter.of(pair.socket)!;
    pair.socket.send('a');
    expect(writer.write(textFrame('b'))).toBe(true);
    pair.socket.send('c', { fin: false });
    // Mid-message, a whole frame would split it: the writer declines.
    expect(writer.write(textFrame('x'))).toBe(false);
    pair.socket.send('d', { fin: true });
    expect(writer.write(textFrame('e'))).toBe(true);
    await vi.waitFor(() => expect(pair.got).toHaveLength(4), { timeout: 5000 });
    expect(pair.got).toEqual(['a', 'b', 'cd', 'e']);
  });

  it('writes nothing once the socket is closing: the close frame must be the last', async () => {
    const pair = await socketPair();
    const writer = RawFrameWriter.of(pair.socket)!;
    const closed = new Promise((resolve) => pair.client.once('close', resolve));
    pair.socket.close(1000);
    expect(writer.write(textFrame('late'))).toBe(false);
    await closed;
    expect(pair.got).toEqual([]);
  });

  it('gives no writer for a socket without the ws internals it relies on', () => {
    const plain = { readyState: 1, send: () => {} } as unknown as WebSocket;
    expect(RawFrameWriter.of(plain)).toBeNull();
  });
});
