/**
 * Soak: for a bounded time, many clients subscribe, unsubscribe, resubscribe with lastEventId and
 * reconnect, over and over. Afterwards the gateway's heap must be back where it started.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { figure, round } from './stats.js';

export interface SoakOptions {
  /** The backend (sim) the soaked gateway talks to. */
  backendUrl: string;
  /** Accounts to sign in with (on the soak's own gateway: sessions live in the gateway that made them). */
  emails: string[];
  /** Wall time of the churn phase (SOAK_SECONDS, default 60). */
  seconds?: number;
  /** Clients churning at once. */
  workers?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PATHS = ['orders.live', 'inbounds.live', 'clients.live'] as const;

/**
 * Live heap after full collections. The gateway runs in this process (not the bench's gateway
 * process) so a GC can be forced: without one, heap readings measure GC timing, not retention.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
function liveHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** One connection: several subscribe → first message → stop cycles, then close. Returns cycles done. */
function connectionRound(wsUrl: string, token: string, worker: number, round: number): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl, {
      headers: { cookie: `mgmt_auth_token=${token}` },
      perMessageDeflate: false,
    });
    let id = 0;
    let cycles = 0;
    let lastEventId: string | undefined;
    const done = () => {
      ws.removeAllListeners('message');
      // Half the rounds end abruptly, as a closed laptop would.
      if (round % 2 === 0) ws.close();
      else ws.terminate();
    };
    const next = () => {
      if (cycles >= 5) return done();
      id += 1;
      const path = PATHS[(worker + id) % PATHS.length] ?? 'orders.live';
      // Distinct filters make new cohorts come and go; the same ones share.
      const text = `soak-${(worker * 7 + id) % 40}`;
      const filter = {
        'orders.live': { reference: text },
        'inbounds.live': { searchTerm: text },
        'clients.live': { name: text },
      }[path];
      const input = { filter, lastEventId };
      ws.send(JSON.stringify({ id, method: 'subscription', params: { path, input } }));
    };
    ws.on('open', next);
    ws.on('message', (raw) => {
      const text = String(raw);
      if (text === 'PING') return void ws.send('PONG');
      const msg = JSON.parse(text) as {
        id?: number;
        result?: { type?: string; id?: string };
        error?: unknown;
      };
      if (msg.id !== id) return;
      if (msg.error) {
        if (process.env.SOAK_DEBUG) console.error(JSON.stringify(msg.error).slice(0, 300));
        return done();
      }
      if (msg.result?.type === 'data') {
        lastEventId = msg.result.id;
        ws.send(JSON.stringify({ id, method: 'subscription.stop' }));
        cycles += 1;
        next();
      }
    });
    ws.on('close', (code, reason) => {
      if (process.env.SOAK_DEBUG && cycles < 5) console.error(`closed ${code} ${reason} after ${cycles}`);
      resolve(cycles);
    });
    ws.on('error', (error) => {
      if (process.env.SOAK_DEBUG) console.error(`error ${error.message}`);
      resolve(cycles);
    });
  });
}

export async function soak(opts: SoakOptions): Promise<void> {
  const seconds = opts.seconds ?? Number(process.env.SOAK_SECONDS ?? 60);
  const workers = opts.workers ?? 40;
  const dataDir = await mkdtemp(join(tmpdir(), 'waybill-soak-data-'));
  const config = loadConfig({
    BACKEND_URL: opts.backendUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CHANGE_POLL_MS: '1000',
    LIST_REFRESH_MS: '1000',
    DATA_DIR: dataDir,
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('soak gateway has no port');
  const wsUrl = `ws://127.0.0.1:${address.port}/trpc`;
  const tokens = await Promise.all(
    opts.emails.map(async (email) => {
      const res = await fetch(`http://127.0.0.1:${address.port}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'waybill-demo', bearer: true }),
      });
      const body = (await res.json()) as { result?: { data: { token?: string } } };
      if (!body.result?.data.token) throw new Error(`soak: sign-in of ${email} failed`);
      return body.result.data.token;
    }),
  );
  const token = (i: number) => tokens[i % tokens.length] ?? '';

  // Warm up first, so lazily created things (code caches, pools) are not counted as growth.
  await Promise.all(Array.from({ length: workers }, (_, w) => connectionRound(wsUrl, token(w), w, 0)));
  await sleep(1000);
  const before = liveHeap();

  let cycles = 0;
  let connections = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let round = 1; Date.now() < end; round++) {
        // Not `cycles += await …`: that reads `cycles` before the await and loses other workers' counts.
        const done = await connectionRound(wsUrl, token(w), w, round);
        cycles += done;
        connections += 1;
      }
    }),
  );
  // Let closes, cohort teardown and idle timers run out before measuring again.
  await sleep(3000);
  const after = liveHeap();
  const openSockets = app.websocketServer.clients.size;
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  figure('soak_heap_growth_mb', (after - before) / 1024 / 1024, 'MB', {
    seconds,
    subscribe_cycles: cycles,
    connections,
    open_sockets_after: openSockets,
    heap_before_mb: round(before / 1024 / 1024),
    heap_after_mb: round(after / 1024 / 1024),
    bar: 10,
  });
}
