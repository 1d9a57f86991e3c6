import { type RunningSim, startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatedBackend, startGatedBackend } from '../bulk/gated-backend.js';
import {
  batchesAt,
  bearer,
  consoleCookie,
  mutate,
  oks,
  orderUids,
  query,
  refusals,
  viewInput,
} from '../hardening/per-user-caps.js';
import { type Hardened, startHardened } from '../hardening/stack.js';
import { type RedisServer, startRedis } from './redis-server.js';

/**
 * The same caps with two replicas on one Redis, each sent its own batch at the same moment, of more
 * calls than the cap. Every replica has served the user before, so neither batch waits on a
 * first backend lookup while the other runs.
 */
describe('per-user caps hold over two replicas on one Redis', { timeout: 30_000 }, () => {
  let redis: RedisServer;
  let sim: RunningSim;
  let gate: GatedBackend;
  let replicas: Hardened[] = [];
  let urls: string[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    sim = await startSim({ port: 0, tickMs: 0 });
    gate = await startGatedBackend(sim.url);
    const env = {
      BACKEND_URL: gate.url,
      REDIS_URL: redis.url,
      BACKEND_SESSION_CONCURRENCY: '50',
      SCRIPT_TOKENS_MAX_PER_USER: '3',
      BULK_JOBS_RUNNING_PER_USER: '2',
      VIEWS_SHARED_MAX_PER_USER: '2',
      HOLDS_MAX_PER_USER: '3',
      EXPORT_JOBS_RUNNING_PER_USER: '2',
      // No progress check runs during the test: every export started stays running.
      EXPORT_CHECK_MS: '60000',
    };
    replicas = await Promise.all([startHardened(env), startHardened(env)]);
    urls = replicas.map((r) => r.url);
  }, 60_000);

  const warm = (headers: Record<string, string>, path: string) =>
    Promise.all(urls.map((url) => query(url, headers, path)));

  afterAll(async () => {
    gate?.release();
    await Promise.all(replicas.map((r) => r.close()));
    await gate?.stop();
    await sim?.close();
    await redis?.stop();
  });

  it('script tokens: never more than SCRIPT_TOKENS_MAX_PER_USER listed', async () => {
    const cookie = await consoleCookie(urls[0]!, 'finance@example.com');
    await warm(cookie, 'tokens.list');
    const answers = await batchesAt(urls, cookie, 'tokens.create', (r) =>
      Array.from({ length: 4 }, (_, i) => ({ name: `replica ${r} token ${i}` })),
    );
    const listed = await query<{ tokens: unknown[] }>(urls[1]!, cookie, 'tokens.list');
    expect(listed.tokens.length).toBeLessThanOrEqual(3);
    // Every token answered is listed: a refused one was taken back.
    expect(oks(answers)).toBe(listed.tokens.length);
    for (const refused of refusals(answers)) expect(refused.message).toMatch(/SCRIPT_TOKENS_MAX_PER_USER=3/);
  });

  it('bulk jobs: never more than BULK_JOBS_RUNNING_PER_USER running', async () => {
    const ops = await bearer(urls[0]!, 'ops@example.com');
    const uids = await orderUids(urls[0]!, ops, 0, 6);
    await warm(ops, 'orders.bulkJobs');
    gate.hold();
    const answers = await batchesAt(urls, ops, 'orders.bulkStart', (r) =>
      uids
        .slice(r * 3, r * 3 + 3)
        .map((uid) => ({ action: { kind: 'comment', text: 'Checked' }, orderUids: [uid] })),
    );
    expect(oks(answers)).toBe(2);
    const { jobs } = await query<{ jobs: Array<{ state: string }> }>(urls[1]!, ops, 'orders.bulkJobs');
    expect(jobs.filter((j) => j.state === 'running')).toHaveLength(2);
    gate.release();
  });

  it('views: never more than VIEWS_SHARED_MAX_PER_USER shared', async () => {
    const dev = await bearer(urls[0]!, 'dev@example.com');
    const ids = Array.from({ length: 10 }, (_, i) => `v${i}`);
    for (const id of ids) await mutate(urls[0]!, dev, 'views.save', viewInput(id));
    await warm(dev, 'views.list');
    const answers = await batchesAt(urls, dev, 'views.share', (r) =>
      ids.slice(r * 5, r * 5 + 5).map((id) => ({ id, shared: true })),
    );
    expect(oks(answers)).toBe(2);
    const { views } = await query<{ views: Array<{ shared: boolean; mine: boolean }> }>(
      urls[1]!,
      dev,
      'views.list',
    );
    expect(views.filter((v) => v.mine && v.shared)).toHaveLength(2);
  });

  it('holds: never more than HOLDS_MAX_PER_USER held', async () => {
    const sales = await bearer(urls[0]!, 'sales@example.com');
    const uids = await orderUids(urls[0]!, sales, 100, 8);
    const ofReplica = (r: number) => uids.slice(r * 4, r * 4 + 4);
    // Each replica remembers the access to its orders, as it did when its batch passed the cap.
    for (const [r, url] of urls.entries())
      for (const uid of ofReplica(r)) {
        await mutate(url, sales, 'orders.take', { uid });
        await mutate(url, sales, 'orders.release', { uid });
      }
    const answers = await batchesAt(urls, sales, 'orders.take', (r) => ofReplica(r).map((uid) => ({ uid })));
    expect(oks(answers)).toBe(3);
    const { holds } = await query<{ holds: Array<{ orderUid: string }> }>(urls[1]!, sales, 'holds.list');
    expect(holds.filter((h) => uids.includes(h.orderUid))).toHaveLength(3);
  });

  it('exports: never more than EXPORT_JOBS_RUNNING_PER_USER running', async () => {
    const ops = await bearer(urls[0]!, 'ops@example.com');
    const { inventory_receipts } = await query<{ inventory_receipts: Array<{ uid: string }> }>(
      urls[0]!,
      ops,
      'inbounds.search',
      {},
    );
    const inbounds = inventory_receipts.slice(0, 6).map((i) => i.uid);
    await warm(ops, 'inbounds.export.list');
    const answers = await batchesAt(urls, ops, 'inbounds.export.start', (r) =>
      inbounds.slice(r * 3, r * 3 + 3).map((uid) => ({ uid })),
    );
    expect(oks(answers)).toBe(2);
    for (const refused of refusals(answers))
      expect(refused.message).toMatch(/max 2, EXPORT_JOBS_RUNNING_PER_USER/);
    const { jobs } = await query<{ jobs: Array<{ status: string }> }>(urls[1]!, ops, 'inbounds.export.list');
    expect(jobs.filter((j) => j.status === 'running')).toHaveLength(2);
  });
});
