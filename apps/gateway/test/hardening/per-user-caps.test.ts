import { type RunningSim, startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatedBackend, startGatedBackend } from '../bulk/gated-backend.js';
import {
  batch,
  bearer,
  consoleCookie,
  mutate,
  oks,
  orderUids,
  query,
  refusals,
  viewInput,
} from './per-user-caps.js';
import { type Hardened, startHardened } from './stack.js';

/** Per-user caps against one batch of concurrent calls: each is counted with the writes before it. */
describe('per-user caps hold against a batch of concurrent calls (one gateway)', { timeout: 30_000 }, () => {
  let sim: RunningSim;
  let gate: GatedBackend;
  let gateway: Hardened;

  beforeAll(async () => {
    sim = await startSim({ port: 0, tickMs: 0 });
    // Holds bulk writes, so the jobs started stay running while the batch is counted.
    gate = await startGatedBackend(sim.url);
    gateway = await startHardened({
      BACKEND_URL: gate.url,
      BACKEND_SESSION_CONCURRENCY: '50',
      SCRIPT_TOKENS_MAX_PER_USER: '3',
      BULK_JOBS_RUNNING_PER_USER: '2',
      VIEWS_SHARED_MAX_PER_USER: '2',
      HOLDS_MAX_PER_USER: '3',
    });
  }, 30_000);

  afterAll(async () => {
    gate?.release();
    await gateway?.close();
    await gate?.stop();
    await sim?.close();
  });

  it('makes at most SCRIPT_TOKENS_MAX_PER_USER script tokens from one batch', async () => {
    const cookie = await consoleCookie(gateway.url, 'finance@example.com');
    const names = Array.from({ length: 6 }, (_, i) => ({ name: `batch ${i}` }));
    const answers = await batch(gateway.url, cookie, 'tokens.create', names);
    expect(oks(answers)).toBe(3);
    for (const refused of refusals(answers)) {
      expect(refused.message).toMatch(/SCRIPT_TOKENS_MAX_PER_USER=3/);
      expect(refused.limit).toBe('SCRIPT_TOKENS_MAX_PER_USER');
    }
    const listed = await query<{ tokens: unknown[] }>(gateway.url, cookie, 'tokens.list');
    expect(listed.tokens).toHaveLength(3);
  });

  it('runs at most BULK_JOBS_RUNNING_PER_USER bulk jobs from one batch', async () => {
    const ops = await bearer(gateway.url, 'ops@example.com');
    const uids = await orderUids(gateway.url, ops, 0, 5);
    gate.hold();
    const inputs = uids.map((uid) => ({ action: { kind: 'comment', text: 'Checked' }, orderUids: [uid] }));
    const answers = await batch(gateway.url, ops, 'orders.bulkStart', inputs);
    expect(oks(answers)).toBe(2);
    for (const refused of refusals(answers)) {
      expect(refused.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.message).toMatch(/At most 2 .*BULK_JOBS_RUNNING_PER_USER/);
      expect(refused.limit).toBe('BULK_JOBS_RUNNING_PER_USER');
    }
    const { jobs } = await query<{ jobs: Array<{ state: string }> }>(gateway.url, ops, 'orders.bulkJobs');
    expect(jobs.filter((j) => j.state === 'running')).toHaveLength(2);
    gate.release();
  });

  it("holds at most BULK_JOBS_RUNNING_PER_USER bulk runs in the undo window from one batch (the console's way)", async () => {
    const dev = await bearer(gateway.url, 'dev@example.com');
    const uids = await orderUids(gateway.url, dev, 0, 5);
    const inputs = uids.map((uid) => ({ action: { kind: 'comment', text: 'Checked' }, orderUids: [uid] }));
    const answers = await batch(gateway.url, dev, 'undo.bulkStart', inputs);
    expect(oks(answers)).toBe(2);
    for (const refused of refusals(answers)) {
      expect(refused.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.message).toMatch(/At most 2 .*BULK_JOBS_RUNNING_PER_USER/);
      expect(refused.limit).toBe('BULK_JOBS_RUNNING_PER_USER');
    }
  });

  it('shares at most VIEWS_SHARED_MAX_PER_USER views from one batch', async () => {
    const dev = await bearer(gateway.url, 'dev@example.com');
    const ids = ['a', 'b', 'c', 'd', 'e'];
    for (const id of ids) await mutate(gateway.url, dev, 'views.save', viewInput(id));
    const answers = await batch(
      gateway.url,
      dev,
      'views.share',
      ids.map((id) => ({ id, shared: true })),
    );
    expect(oks(answers)).toBe(2);
    for (const refused of refusals(answers)) {
      expect(refused.message).toMatch(/at most 2, VIEWS_SHARED_MAX_PER_USER/);
      expect(refused.limit).toBe('VIEWS_SHARED_MAX_PER_USER');
    }
    const { views } = await query<{ views: Array<{ shared: boolean; mine: boolean }> }>(
      gateway.url,
      dev,
      'views.list',
    );
    expect(views.filter((v) => v.mine && v.shared)).toHaveLength(2);
  });

  it('holds at most HOLDS_MAX_PER_USER orders from one batch, their access already checked', async () => {
    const sales = await bearer(gateway.url, 'sales@example.com');
    const uids = await orderUids(gateway.url, sales, 100, 5);
    // Taken and released once each: the order-access check is then remembered, as it was when the
    // batch passed the cap.
    for (const uid of uids) {
      await mutate(gateway.url, sales, 'orders.take', { uid });
      await mutate(gateway.url, sales, 'orders.release', { uid });
    }
    const answers = await batch(
      gateway.url,
      sales,
      'orders.take',
      uids.map((uid) => ({ uid })),
    );
    expect(oks(answers)).toBe(3);
    for (const refused of refusals(answers)) {
      expect(refused.message).toMatch(/HOLDS_MAX_PER_USER/);
      expect(refused.limit).toBe('HOLDS_MAX_PER_USER');
    }
    const { holds } = await query<{ holds: Array<{ orderUid: string }> }>(gateway.url, sales, 'holds.list');
    expect(holds.filter((h) => uids.includes(h.orderUid))).toHaveLength(3);
  });
});
