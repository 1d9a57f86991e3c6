import { createServer, type Server } from 'node:http';
import { WS_RECONNECT_MAX_DELAY_MS } from '@waybill/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createWaybillClient,
  RequestTimeoutError,
  TRPCClientError,
  UnexpectedResponseError,
  type WaybillClient,
} from '../src/index.js';
import { type FakeGateway, htmlProxy, silentGateway } from './fake-gateways.js';

let server: Server | undefined;
let client: WaybillClient | undefined;
let fake: FakeGateway | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  client?.close();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  await fake?.close();
  fake = undefined;
});

describe('a script whose gateway is unreachable', () => {
  it('tries its websocket again at once, then at most 1 s apart, not backing off to 30 s', async () => {
    // A gateway that refuses every websocket (as a balancer with no replica would): each attempt shows.
    let attempts = 0;
    server = createServer();
    server.on('upgrade', (_request, socket) => {
      attempts += 1;
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');

    // The waits the client asks for between attempts (tRPC sleeps with setTimeout).
    const waits: number[] = [];
    const setTimer = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      waits.push(ms ?? 0);
      return setTimer(fn, ms);
    }) as typeof setTimeout);

    client = createWaybillClient({ url: `http://127.0.0.1:${address.port}`, token: 'a-token' });
    client.orders.live.subscribe({ filter: {} }, { onData() {}, onError() {} });
    // Either a third attempt, or a wait longer than the cap asked for: whichever comes first.
    await vi.waitFor(
      () => {
        if (attempts < 3 && !waits.some((ms) => ms > WS_RECONNECT_MAX_DELAY_MS && ms <= 30_000))
          throw new Error(`${attempts} attempts so far`);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(waits.filter((ms) => ms > WS_RECONNECT_MAX_DELAY_MS && ms <= 30_000)).toEqual([]);
    expect(attempts).toBeGreaterThanOrEqual(3);
  }, 30_000);
});

describe('a script whose gateway accepts connections and never answers', () => {
  it('fails a call after timeoutMs with RequestTimeoutError as its cause', async () => {
    fake = await silentGateway();
    client = createWaybillClient({ url: fake.url, token: 'a-token', timeoutMs: 200 });
    const error = await client.users.me.query().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as Error).cause).toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).message).toBe('No answer from the gateway within 0.2 s');
  });

  it('closes a websocket still waiting for its handshake when the client is closed', async () => {
    fake = await silentGateway();
    const made: WebSocket[] = [];
    class Recorded extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        made.push(this);
      }
    }
    client = createWaybillClient({ url: fake.url, token: 'a-token', WebSocket: Recorded });
    client.orders.live.subscribe({ filter: {} }, { onData() {}, onError() {} });
    await vi.waitFor(() => expect(fake!.connections()).toBe(1), { timeout: 4000, interval: 20 });
    expect(made.map((ws) => ws.readyState)).toEqual([WebSocket.CONNECTING]);
    client.close();
    // Left connecting, the socket would keep a script's process alive after its work is done.
    expect(made[0]!.readyState).not.toBe(WebSocket.CONNECTING);
  });
});

describe("a script whose URL answers with something other than the gateway's JSON", () => {
  it('fails with UnexpectedResponseError naming the status, not a JSON parse error', async () => {
    fake = await htmlProxy();
    client = createWaybillClient({ url: fake.url, token: 'a-token' });
    const error = await client.users.me.query().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const cause = (error as Error).cause as UnexpectedResponseError;
    expect(cause).toBeInstanceOf(UnexpectedResponseError);
    expect(cause.status).toBe(502);
    expect((error as Error).message).not.toMatch(/Unexpected token/);
  });
});
