import { connect } from 'node:net';
import { startSim } from '@waybill/backend-sim';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningSim } from '../realtime/harness.js';
import { type RedisServer, startRedis } from './redis-server.js';
import { fakeWebDist, okPolls, type Replica, startReplica, stopReplica } from './replicas.js';

/** server.ts: how long SIGTERM waits before exiting anyway. */
const GRACE_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** HTTP/1.1 requests pipelined on one connection; resolves with the raw answer once it closes. */
function pipelined(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let raw = '';
  socket.on('data', (c: Buffer) => {
    raw += c.toString();
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(raw)));
  socket.on('error', () => {});
  return {
    send: (path: string, headers: Record<string, string> = {}) =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}\r\n`,
      ),
    closed,
    statuses: () => [...raw.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1])),
  };
}

describe('graceful shutdown of a replica (SIGTERM)', { timeout: 60_000 }, () => {
  let redis: RedisServer;
  let sim: RunningSim;
  let web: Awaited<ReturnType<typeof fakeWebDist>>;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    sim = await startSim({ port: 0, tickMs: 0, control: true });
    web = await fakeWebDist();
    const env = {
      BACKEND_URL: sim.url,
      REDIS_URL: redis.url,
      CHANGE_POLL_MS: '200',
      // Long, so only an explicit release explains a quick hand-over.
      POLL_LEASE_MS: '60000',
      WEB_DIST: web.dir,
    };
    replicas = await Promise.all(['a', 'b'].map((name) => startReplica(name, env)));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(replicas.map(stopReplica));
    await sim?.close();
    await redis?.stop();
    await web?.remove();
  });

  it('finishes in-flight calls, answers 503, tells websockets to reconnect, releases the lease, exits in time', async () => {
    const probe = new Redis(redis.url);
    try {
      // Whoever holds the lease polls; the other one waits.
      let holder = '';
      for (let i = 0; i < 50 && !holder; i++) {
        holder = (await probe.get('waybill:poll:lease')) ?? '';
        if (!holder) await sleep(100);
      }
      expect(holder).not.toBe('');
      await sleep(600);
      const polls = await Promise.all(replicas.map(okPolls));
      const leader = replicas[polls.findIndex((n) => n > 0)]!;
      const other = replicas.find((r) => r !== leader)!;
      expect(leader).toBeDefined();

      const signIn = await fetch(`${leader.url}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@example.com', password: 'waybill-demo' }),
      });
      const { token } = ((await signIn.json()) as { result: { data: { token: string } } }).result.data;

      // A websocket client, to hear the reconnect notice.
      const ws = new WebSocket(`${leader.url.replace('http', 'ws')}/trpc`);
      const wsMessages: string[] = [];
      ws.on('message', (m) => wsMessages.push(m.toString()));
      const wsClosed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

      // A slow backend call in flight when the signal arrives, and a second request behind it.
      sim.control.setFault({ kind: 'slow', delayMs: 2000, paths: ['/orders/search'] });
      const conn = pipelined(leader.url);
      conn.send(`/trpc/orders.search?input=${encodeURIComponent('{}')}`, {
        authorization: `Bearer ${token}`,
      });
      await sleep(500);
      const signalledAt = Date.now();
      leader.child.kill('SIGTERM');
      await sleep(200);
      conn.send('/healthz');

      const exit = await leader.exited;
      const tookMs = Date.now() - signalledAt;
      sim.control.setFault(null);

      expect(exit.code, leader.output()).toBe(0);
      expect(tookMs).toBeLessThan(GRACE_MS);
      // The in-flight call completed; the request that came in while closing got 503.
      await conn.closed;
      expect(conn.statuses()).toEqual([200, 503]);
      // Websocket clients were told to reconnect elsewhere, then closed with "going away".
      expect(await wsClosed).toBe(1001);
      expect(wsMessages.map((m) => JSON.parse(m) as { method?: string })).toContainEqual(
        expect.objectContaining({ method: 'reconnect' }),
      );
      // New connections are refused once it is gone.
      await expect(fetch(`${leader.url}/healthz`)).rejects.toThrow();
      // The lease was released, not left to expire (60 s): the other replica polls now.
      expect(await probe.get('waybill:poll:lease')).not.toBe(holder);
      const before = await okPolls(other);
      for (let i = 0; i < 100 && (await okPolls(other)) === before; i++) await sleep(100);
      expect(await okPolls(other)).toBeGreaterThan(before);
      expect(await probe.get('waybill:poll:lease')).toMatch(/\|\d+$/);
      expect(leader.output()).toContain('released the change-poll lease');
    } finally {
      probe.disconnect();
    }
  });
});
