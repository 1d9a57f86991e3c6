import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';

/** A `ws` server socket and a real client at its other end, on loopback. */
export interface SocketPair {
  server: WebSocketServer;
  client: WebSocket;
  /** The server's end. */
  socket: WebSocket;
  /** The client's messages, in order. */
  got: string[];
  /** Pings the client received. */
  pings(): number;
  /** Settles with the time the server's end closed. */
  closed: Promise<number>;
}

/** `autoPong: false` gives a client that never answers pings, as a half-open one looks to the server. */
async function socketPair({ autoPong = true }: { autoPong?: boolean } = {}): Promise<SocketPair> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, { autoPong });
  const got: string[] = [];
  let pings = 0;
  client.on('message', (data) => got.push(String(data)));
  client.on('ping', () => {
    pings += 1;
  });
  await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
  const socket = await accepted;
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  return { server, client, socket, got, pings: () => pings, closed };
}

/** Opens socket pairs for a test file's tests, each closed after its test. */
export function socketPairs(): (options?: { autoPong?: boolean }) => Promise<SocketPair> {
  const open: SocketPair[] = [];
  afterEach(async () => {
    for (const { client, server } of open.splice(0)) {
      client.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  return async (options) => {
    const pair = await socketPair(options);
    open.push(pair);
    return pair;
  };
}
