import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppRouter } from '../../src/router.js';
import { testDataDir } from '../data-dir.js';
import type { RunningSim } from '../realtime/harness.js';
import { fakeWebDist, startReplica } from './replicas.js';

const RUNS = Number(process.env.DRAIN_RUNS ?? 5);
const SUBSCRIBERS = 6;

describe('SIGTERM drain with reconnecting subscribers', { timeout: 600_000 }, () => {
  let sim: RunningSim;
  let web: Awaited<ReturnType<typeof fakeWebDist>>;
  beforeAll(async () => {
    sim = await startSim({ port: 0, tickMs: 0, control: true });
    web = await fakeWebDist();
  });
  afterAll(async () => {
    await sim?.close();
    await web?.remove();
  });

  it('exits 0', async () => {
    const results: Array<{ code: number | null; ms: number; tail: string }> = [];
    for (let run = 0; run < RUNS; run++) {
      const data = testDataDir(undefined);
      const replica = await startReplica(`drain-${run}`, {
        BACKEND_URL: sim.url,
        WEB_DIST: web.dir,
        DATA_DIR: data.dir,
      });
      const login = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${replica.url}/trpc` })] });
      const { token } = await login.auth.passwordLogin.mutate({
        email: 'ops@example.com',
        password: 'waybill-demo',
        bearer: true,
      });
      const closers: Array<() => void> = [];
      const snapshots: number[] = [];
      for (let i = 0; i < SUBSCRIBERS; i++) {
        const ws = createWSClient({
          url: `${replica.url.replace(/^http/, 'ws')}/trpc`,
          WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
          lazy: { enabled: true, closeMs: 5000 },
          retryDelayMs: (attempt) => (attempt === 0 ? 0 : Math.min(500 * 2 ** attempt, 3000)),
          connectionParams: () => ({ token: token! }),
        });
        const client = createTRPCClient<AppRouter>({
          links: [
            splitLink({
              condition: (op) => op.type === 'subscription',
              true: wsLink<AppRouter>({ client: ws }),
              false: httpBatchLink({ url: `${replica.url}/trpc` }),
            }),
          ],
        });
        snapshots.push(0);
        const sub = client.orders.live.subscribe(
          { filter: {} },
          {
            onData: () => {
              snapshots[i]! += 1;
            },
            onError: () => {},
          },
        );
        closers.push(() => {
          sub.unsubscribe();
          ws.close();
        });
      }
      for (let i = 0; i < 500 && snapshots.some((n) => n === 0); i++)
        await new Promise((r) => setTimeout(r, 20));
      const at = Date.now();
      replica.child.kill('SIGTERM');
      const exit = await replica.exited;
      results.push({
        code: exit.code,
        ms: Date.now() - at,
        tail: replica.output().split('\n').slice(-6).join('\n'),
      });
      for (const close of closers) close();
      await data.remove();
    }
    console.log(results.map((r) => `${r.code} ${r.ms}ms`).join('\n'));
    for (const r of results) if (r.code !== 0) console.log(r.tail);
    expect(results.every((r) => r.code === 0)).toBe(true);
  });
});
