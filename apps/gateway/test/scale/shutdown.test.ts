import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningSim } from '../realtime/harness.js';
import type { RedisServer } from './redis-server.js';
import { okPolls, type Replica, type ReplicaStack, STACK_START_MS, startReplicaStack } from './replicas.js';

/** server.ts: how long SIGTERM waits before exiting anyway. */
const GRACE_MS = 10_000;
/** The drain closes a keep-alive connection once it has been idle this long. */
const IDLE_CLOSE_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, probe: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

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
    statuses: () => [...raw.matchAll(/HTTP\/1\.1 (\d{3}) [A-Z]/g)].map((m) => Number(m[1])),
    /** The `connection` header of each answer so far ('' when absent). */
    connectionHeaders: () =>
      raw
        .split(/HTTP\/1\.1 (?=\d{3} [A-Z])/)
        .slice(1)
        .map((answer) => /^connection: *(\S+)/im.exec(answer.split('\r\n\r\n')[0] ?? '')?.[1] ?? ''),
    isClosed: () => socket.destroyed || socket.readableEnded,
    raw: () => raw,
  };
}

/** The replica that polls; on an empty Redis its first poll may wait out a cursor recovery round. */
async function leaderOf(replicas: Replica[]): Promise<{ leader: Replica; other: Replica }> {
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    const polls = await Promise.all(replicas.map(okPolls));
    const index = polls.findIndex((n) => n > 0);
    if (index >= 0) return { leader: replicas[index]!, other: replicas[1 - index]! };
    await sleep(100);
  }
  throw new Error('no replica polls');
}

/** Search calls the backend has received (the slow fault holds each for its delay before answering). */
function searchCalls(sim: RunningSim): number {
  const counts = sim.control.callCounts();
  return (counts['/orders/search'] ?? 0) + (counts['/orders/search/filter'] ?? 0);
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@example.com', password: 'waybill-demo', bearer: true }),
  });
  return ((await res.json()) as { result: { data: { token: string } } }).result.data.token;
}

describe('graceful shutdown of a replica (SIGTERM)', { timeout: 60_000 }, () => {
  let stack: ReplicaStack;
  let redis: RedisServer;
  let sim: RunningSim;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    stack = await startReplicaStack({
      names: ['a', 'b'],
      // A long lease, so only an explicit release explains a quick hand-over.
      env: { CHANGE_POLL_MS: '200', POLL_LEASE_MS: '60000' },
    });
    ({ redis, sim, replicas } = stack);
  }, STACK_START_MS);

  afterAll(async () => {
    await stack?.close();
  });

  it('finishes in-flight calls, refuses new connections, tells websockets to reconnect, releases the lease, exits in time', async () => {
    const probe = new Redis(redis.url);
    try {
      // Whoever holds the lease polls; the other one waits.
      let holder = '';
      for (let i = 0; i < 50 && !holder; i++) {
        holder = (await probe.get('waybill:poll:lease')) ?? '';
        if (!holder) await sleep(100);
      }
      expect(holder).not.toBe('');
      const { leader, other } = await leaderOf(replicas);

      const signIn = await fetch(`${leader.url}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@example.com', password: 'waybill-demo', bearer: true }),
      });
      const { token } = ((await signIn.json()) as { result: { data: { token: string } } }).result.data;

      // A websocket client, to hear the reconnect notice.
      const ws = new WebSocket(`${leader.url.replace('http', 'ws')}/trpc`);
      const wsMessages: string[] = [];
      ws.on('message', (m) => wsMessages.push(m.toString()));
      const wsClosed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

      // A slow backend call in flight when the signal arrives, and a second request behind it.
      sim.control.setFault({
        kind: 'slow',
        delayMs: 2000,
        paths: ['/orders/search', '/orders/search/filter'],
      });
      const searchesBefore = searchCalls(sim);
      const conn = pipelined(leader.url);
      conn.send(`/trpc/orders.search?input=${encodeURIComponent('{}')}`, {
        authorization: `Bearer ${token}`,
      });
      await until(
        'the search call reaching the backend',
        async () => searchCalls(sim) > searchesBefore,
        20_000,
      );
      const signalledAt = Date.now();
      leader.child.kill('SIGTERM');
      // The listener closes at once: a new connection is refused (a balancer tries another replica).
      await until('the listener closed', () =>
        fetch(`${leader.url}/healthz`).then(
          () => false,
          () => true,
        ),
      );
      conn.send('/healthz');

      const exit = await leader.exited;
      const tookMs = Date.now() - signalledAt;
      sim.control.setFault(null);

      expect(exit.code, leader.output()).toBe(0);
      expect(tookMs).toBeLessThan(GRACE_MS);
      // The in-flight call completed, and so did the request that came in behind it on the same
      // connection (a 503 there would reach the user for a POST, which a balancer does not retry);
      // the last answer closed the connection.
      await conn.closed;
      expect(conn.statuses()).toEqual([200, 200]);
      expect(conn.connectionHeaders()[1]).toBe('close');
      // Websocket clients were told to reconnect elsewhere, then closed with "service restart".
      expect(await wsClosed).toBe(1012);
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

describe('SIGTERM with a busy keep-alive connection', { timeout: 60_000 }, () => {
  let stack: ReplicaStack;
  let redis: RedisServer;
  let sim: RunningSim;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    stack = await startReplicaStack({
      names: ['a', 'b'],
      // A long lease, so only an explicit release explains a quick hand-over.
      env: { CHANGE_POLL_MS: '200', POLL_LEASE_MS: '60000', DRAIN_IDLE_CLOSE_MS: String(IDLE_CLOSE_MS) },
    });
    ({ redis, sim, replicas } = stack);
  }, STACK_START_MS);

  afterAll(async () => {
    sim?.control.setFault(null);
    await stack?.close();
  });

  it('releases the lease first, answers the request in flight with Connection: close, closes idle connections, exits 0 in time', async () => {
    const probe = new Redis(redis.url);
    try {
      const { leader, other } = await leaderOf(replicas);
      const holder = await probe.get('waybill:poll:lease');
      expect(holder).toMatch(/\|\d+$/);
      const token = await signIn(leader.url);

      // An idle keep-alive connection (one answer received, nothing in flight).
      const idle = pipelined(leader.url);
      idle.send('/healthz');
      await until('the idle connection answered', async () => idle.statuses().length === 1);
      // A keep-alive connection that already had one answer and now waits on a slow backend call.
      const busy = pipelined(leader.url);
      busy.send('/healthz');
      await until('the busy connection answered once', async () => busy.statuses().length === 1);
      sim.control.setFault({
        kind: 'slow',
        delayMs: 3000,
        paths: ['/orders/search', '/orders/search/filter'],
      });
      const searchesBefore = searchCalls(sim);
      busy.send(`/trpc/orders.search?input=${encodeURIComponent('{}')}`, {
        authorization: `Bearer ${token}`,
      });
      await until(
        'the search call reaching the backend',
        async () => searchCalls(sim) > searchesBefore,
        20_000,
      );

      const signalledAt = Date.now();
      leader.child.kill('SIGTERM');
      // The lease goes first: gone (or taken by the other replica) while the slow call is still
      // waiting on the backend.
      await until(
        'the lease released',
        async () => (await probe.get('waybill:poll:lease')) !== holder,
        20_000,
      );
      expect(busy.statuses(), 'the slow call still in flight when the lease went').toHaveLength(1);
      // The idle connection is closed once idle for DRAIN_IDLE_CLOSE_MS, not left to its keep-alive
      // timeout (72 s).
      await until('the idle connection closed', async () => idle.isClosed(), IDLE_CLOSE_MS + 4000);
      const otherPollsBefore = await okPolls(other);
      await until('the other replica polling', async () => (await okPolls(other)) > otherPollsBefore, 2000);

      const exit = await leader.exited;
      const tookMs = Date.now() - signalledAt;
      expect(exit.code, leader.output()).toBe(0);
      expect(tookMs, leader.output()).toBeLessThan(GRACE_MS);
      // The request in flight got its answer, told the client to close, and the connection closed.
      await busy.closed;
      expect(busy.statuses()).toEqual([200, 200]);
      expect(busy.connectionHeaders()[1]).toBe('close');
      expect(leader.output()).toContain('released the change-poll lease');
    } finally {
      sim.control.setFault(null);
      probe.disconnect();
    }
  });
});
