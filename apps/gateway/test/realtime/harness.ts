import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  splitLink,
  type TRPCClient,
  wsLink,
} from '@trpc/client';
import { startSim } from '@waybill/backend-sim';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { AppRouter } from '../../src/router.js';
import { testDataDir } from '../data-dir.js';
import { TEST_METRICS_TOKEN } from '../helpers.js';

export type Client = TRPCClient<AppRouter>;

/** A websocket that never answers the server's pings, as a half-open connection looks from the server. */
class SilentWebSocket extends WebSocket {
  constructor(address: string, protocols?: string | string[]) {
    super(address, protocols, { autoPong: false });
  }
}

/**
 * A typed client as scripts use it: HTTP with a bearer header, subscriptions over a websocket.
 * `answerPings: false` makes its socket half-open to the server's websocket pings; `onClose` hears
 * the socket close (the server's doing, unless `close()` was called).
 */
export function createClient(
  url: string,
  token?: string,
  { answerPings = true, onClose }: { answerPings?: boolean; onClose?: () => void } = {},
): { client: Client; close(): void } {
  const ws = createWSClient({
    url: `${url.replace(/^http/, 'ws')}/trpc`,
    WebSocket: (answerPings ? WebSocket : SilentWebSocket) as unknown as typeof globalThis.WebSocket,
    ...(onClose ? { onClose } : {}),
    lazy: { enabled: true, closeMs: 500 },
    connectionParams: () => (token ? { token } : {}),
  });
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink<AppRouter>({ client: ws }),
        false: httpBatchLink({
          url: `${url}/trpc`,
          headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
        }),
      }),
    ],
  });
  return { client, close: () => ws.close() };
}

export type RunningSim = Awaited<ReturnType<typeof startSim>>;

export interface Stack {
  sim: RunningSim;
  app: FastifyInstance;
  url: string;
  /** A signed-in client (demo account unless another e-mail is given). */
  signIn(email?: string): Promise<{ client: Client; token: string }>;
  /** Another client (browser tab) of an already signed-in session. */
  tab(token: string): Client;
  close(): Promise<void>;
}

/** backend-sim (paused simulator) + a gateway on port 0 with a fast change poll. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const sim = await startSim({ port: 0, tickMs: 0, control: true });
  const data = testDataDir(env.DATA_DIR);
  const config = loadConfig({
    BACKEND_URL: sim.url,
    CHANGE_POLL_MS: '200',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    // Closing a test stack need not wait for idle keep-alive connections: no balancer sends on them.
    DRAIN_IDLE_CLOSE_MS: '0',
    ...env,
    DATA_DIR: data.dir,
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway has no port');
  const url = `http://127.0.0.1:${address.port}`;
  const closers: Array<() => void> = [];
  const tab = (token?: string) => {
    const made = createClient(url, token);
    closers.push(made.close);
    return made.client;
  };
  return {
    sim,
    app,
    url,
    async signIn(email = 'ops@example.com') {
      const { token } = await tab().auth.passwordLogin.mutate({
        email,
        password: 'waybill-demo',
        bearer: true,
      });
      return { client: tab(token), token: token! };
    },
    tab,
    async close() {
      for (const close of closers) close();
      await app.close();
      await sim.close();
      await data.remove();
    },
  };
}

/** Resolves when `predicate` holds, polling every 20 ms; rejects after `ms` with `what` in the message. */
export async function eventually<T>(what: string, probe: () => T | undefined | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The gateway's default MANAGED_BY; no test stack changes it. */
export const MANAGED_BY = 'waybill';

/**
 * The orders the change poll follows (managed_by equals MANAGED_BY). The sim lists other providers'
 * orders too, so a test that changes an order and waits for the poll must pick one of these.
 */
export function polledOrders<T extends { managed_by?: string | null }>(orders: readonly T[]): T[] {
  return orders.filter((o) => o.managed_by === MANAGED_BY);
}
