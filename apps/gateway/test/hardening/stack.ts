import { startSim } from '@waybill/backend-sim';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.js';
import { type ConfigInput, loadConfig } from '../../src/config.js';
import { testDataDir } from '../data-dir.js';

export type Sim = Awaited<ReturnType<typeof startSim>>;
export type Env = Partial<Record<keyof ConfigInput, string>>;

export interface Hardened {
  sim: Sim | null;
  app: FastifyInstance;
  url: string;
  wsUrl: string;
  signIn(email?: string): Promise<string>;
  close(): Promise<void>;
}

/** A gateway on 127.0.0.1 port 0 in front of backend-sim (or of `env.BACKEND_URL` when given). */
export async function startHardened(
  env: Env = {},
  logger?: FastifyBaseLogger,
  /** Runs on the built app before it listens (e.g. to add a route that fails on purpose). */
  prepare?: (app: FastifyInstance) => void,
): Promise<Hardened> {
  const sim = env.BACKEND_URL ? null : await startSim({ port: 0, tickMs: 0, control: true });
  const data = testDataDir(env.DATA_DIR);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    CHANGE_POLL_MS: '60000',
    WEB_DIST: '/nonexistent-web-dist',
    // Closing a test stack need not wait for idle keep-alive connections: no balancer sends on them.
    DRAIN_IDLE_CLOSE_MS: '0',
    ...(sim ? { BACKEND_URL: sim.url } : {}),
    ...env,
    DATA_DIR: data.dir,
  });
  const app = await buildApp(config, { logger: logger ?? false });
  prepare?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway has no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    sim,
    app,
    url,
    wsUrl: `ws://127.0.0.1:${address.port}/trpc`,
    async signIn(email = 'ops@example.com') {
      const res = await fetch(`${url}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'waybill-demo', bearer: true }),
      });
      const body = (await res.json()) as { result?: { data: { token: string } } };
      if (!body.result) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
      return body.result.data.token;
    },
    async close() {
      await app.close();
      await sim?.close();
      await data.remove();
    },
  };
}

export interface RawSocket {
  ws: WebSocket;
  /** Parsed JSON messages (and the raw text of non-JSON ones such as PING). */
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first message matching `predicate`. */
  next(predicate: (m: unknown) => boolean, ms?: number): Promise<unknown>;
}

/**
 * A raw websocket speaking tRPC's wire protocol by hand; rejects if the upgrade is refused.
 * It answers the server's keep-alive PING like the tRPC client does, unless `silent`.
 */
export function openSocket(
  url: string,
  headers: Record<string, string> = {},
  { silent = false }: { silent?: boolean } = {},
): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    const messages: unknown[] = [];
    const waiters: Array<{ p: (m: unknown) => boolean; done: (m: unknown) => void }> = [];
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
    );
    ws.on('message', (raw) => {
      const text = String(raw);
      if (text === 'PING' && !silent) ws.send('PONG');
      let m: unknown = text;
      try {
        m = JSON.parse(text);
      } catch {}
      messages.push(m);
      for (const w of [...waiters])
        if (w.p(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.done(m);
        }
    });
    ws.on('unexpected-response', (req, res) => {
      req.destroy();
      reject(Object.assign(new Error(`upgrade refused with ${res.statusCode}`), { status: res.statusCode }));
    });
    ws.on('error', (error) => reject(error));
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        closed,
        next(p, ms = 5000) {
          const found = messages.find(p);
          if (found !== undefined) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error('no matching websocket message')), ms);
            waiters.push({
              p,
              done: (m) => {
                clearTimeout(timer);
                done(m);
              },
            });
          });
        },
      }),
    );
  });
}

/** The HTTP status of a refused upgrade (throws if the upgrade succeeds). */
export async function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  try {
    const s = await openSocket(url, headers);
    s.ws.close();
  } catch (error) {
    return (error as { status?: number }).status ?? 0;
  }
  throw new Error('expected the upgrade to be refused');
}

export const isOpen = (s: RawSocket) => s.ws.readyState === WebSocket.OPEN;

/** Round trip through tRPC on this socket: PING is answered with PONG by the server. */
export async function pingPong(s: RawSocket): Promise<void> {
  const before = s.messages.length;
  s.ws.send('PING');
  await s.next((m) => m === 'PONG' && s.messages.indexOf(m, before) >= before, 5000);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
