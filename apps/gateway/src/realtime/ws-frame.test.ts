import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { framePayload, RawFrameWriter, textFrame } from './ws-frame.js';

/** A real server socket and the client at its other end, on loopback; the client's messages, in order. */
async function socketPair() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const got: string[] = [];
  client.on('message', (data) => got.push(String(data)));
  await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
  const socket = await accepted;
  return { server, client, socket, got };
}

const until = async (what: string, ok: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

const text = (length: number) => 'x'.repeat(length);

describe('textFrame and RawFrameWriter', () => {
  let pair: Awaited<ReturnType<typeof socketPair>> | null = null;
  afterEach(async () => {
    if (!pair) return;
    const { client, server } = pair;
    pair = null;
    client.terminate();
    await new Promise((resolve) => server.close(resolve));
  });

  it('frames every payload length class so that a ws client reads it back unchanged', async () => {
    pair = await socketPair();
    const writer = RawFrameWriter.of(pair.socket);
    // The installed ws exposes what the raw path needs: without it every push would go through ws.send.
    expect(writer).not.toBeNull();
    const lengths = [0, 1, 125, 126, 65_535, 65_536, 70_000];
    for (const length of lengths) {
      const frame = textFrame(Buffer.from(text(length)));
      expect(framePayload(frame).toString()).toBe(text(length));
      expect(writer!.write(frame)).toBe(true);
    }
    await until('every frame', () => pair!.got.length === lengths.length);
    expect(pair.got.map((m) => m.length)).toEqual(lengths);
    expect(pair.got.every((m, i) => m === text(lengths[i]!))).toBe(true);
  });

  it("keeps order with ws's own sends, and leaves a fragmented message ws is writing to ws", async () => {
    pair = await socketPair();
    const writer = RawFrameWriter.of(pair.socket)!;
    pair.socket.send('a');
    expect(writer.write(textFrame(Buffer.from('b')))).toBe(true);
    pair.socket.send('c', { fin: false });
    // Mid-message, a whole frame would split it: the writer declines.
    expect(writer.write(textFrame(Buffer.from('x')))).toBe(false);
    pair.socket.send('d', { fin: true });
    expect(writer.write(textFrame(Buffer.from('e')))).toBe(true);
    await until('four messages', () => pair!.got.length === 4);
    expect(pair.got).toEqual(['a', 'b', 'cd', 'e']);
  });

  it('writes nothing once the socket is closing: the close frame must be the last', async () => {
    pair = await socketPair();
    const writer = RawFrameWriter.of(pair.socket)!;
    const closed = new Promise((resolve) => pair!.client.once('close', resolve));
    pair.socket.close(1000);
    expect(writer.write(textFrame(Buffer.from('late')))).toBe(false);
    await closed;
    expect(pair.got).toEqual([]);
  });

  it('gives no writer for a socket without the ws internals it relies on', () => {
    const plain = { readyState: 1, send: () => {} } as unknown as WebSocket;
    expect(RawFrameWriter.of(plain)).toBeNull();
  });
});
