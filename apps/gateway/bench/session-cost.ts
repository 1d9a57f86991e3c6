/**
 * What resolving a session costs per request: DiskSessionStore (a synchronous LevelDB read in a temp
 * DATA_DIR) and RedisSessionStore (one EVALSHA on a loopback redis-server), sequential calls.
 * Run: pnpm exec tsx bench/session-cost.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { newSessionId } from '../src/auth/credentials.js';
import { DiskSessionStore } from '../src/auth/disk-session-store.js';
import type { SessionStore } from '../src/auth/session-store.js';
import { redisKeys } from '../src/scale/redis-keys.js';
import { RedisSessionStore } from '../src/scale/redis-session-store.js';
import { DataStore } from '../src/storage/data-store.js';
import { startRedis } from '../test/scale/redis-server.js';

const N = 20_000;
async function measure(name: string, store: SessionStore) {
  const id = newSessionId();
  await store.create(id, { token: 'wbt_x', createdAt: Date.now(), expiresAt: Date.now() + 3_600_000 });
  for (let i = 0; i < 1000; i++) await store.resolve(id);
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await store.resolve(id);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(3);
  console.log(`${name}: resolve p50 ${p(0.5)} ms, p99 ${p(0.99)} ms over ${N} sequential calls`);
}
const server = await startRedis();
const redis = new Redis(server.url);
const subscriber = new Redis(server.url);
const quiet = () => undefined;
const logger = { info: quiet, warn: quiet, error: quiet, debug: quiet } as never;
const r = new RedisSessionStore({ redis, subscriber, keys: redisKeys(), logger, idleMs: 3_600_000 });
const dataDir = await mkdtemp(join(tmpdir(), 'waybill-bench-data-'));
const data = await DataStore.open(dataDir);
const d = await DiskSessionStore.open(data, { idleMs: 3_600_000, logger });
await measure('disk (DATA_DIR)', d);
await measure('redis (loopback)', r);
await d.close();
await data.close();
await rm(dataDir, { recursive: true, force: true });
r.close();
redis.disconnect();
subscriber.disconnect();
await server.stop();
