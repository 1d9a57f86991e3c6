import { createServer, type Server } from 'node:http';
import { WS_RECONNECT_MAX_DELAY_MS } from '@waybill/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWaybillClient, type WaybillClient } from '../src/index.js';

let server: Server | undefined;
let client: WaybillClient | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  client?.close();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
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
