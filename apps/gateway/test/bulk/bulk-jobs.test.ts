import { type RunningSim, startSim } from '@waybill/backend-sim';
import { type BulkJob, FINAL_ORDER_STATUSES, formatOrderReference } from '@waybill/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type RunningGateway, startGateway, trpcError } from '../helpers.js';
import { eventually } from '../realtime/harness.js';
import { type GatedBackend, startGatedBackend } from './gated-backend.js';

let sim: RunningSim;
let backend: GatedBackend;
let gateway: RunningGateway;

const signIn = async (email: string) => {
  const { token } = await httpClient(gateway.url).auth.passwordLogin.mutate({
    email,
    password: 'waybill-demo',
    bearer: true,
  });
  return httpClient(gateway.url, token!);
};
type Client = Awaited<ReturnType<typeof signIn>>;

/** Reads the job until `until` holds (the job runs on its own: nothing to wait on but its state). */
const jobWhen = async (client: Client, jobId: string, until: (job: BulkJob) => boolean) => {
  let last: BulkJob | null = null;
  const end = Date.now() + 20_000;
  for (;;) {
    last = await client.orders.bulkJob.query({ jobId });
    if (until(last)) return last;
    if (Date.now() > end) throw new Error(`job never reached the state: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const FINAL = FINAL_ORDER_STATUSES as readonly string[];
let taken = 0;
/** Orders no other test of the file touched. */
const freshOrders = (test: (status: string) => boolean, count: number) => {
  const found = [...sim.store.orders.values()].slice(taken).filter((o) => test(o.status));
  const picked = found.slice(0, count);
  taken = [...sim.store.orders.values()].indexOf(picked.at(-1)!) + 1;
  return picked;
};

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, orders: 400, inbounds: 5, stores: 10 });
  backend = await startGatedBackend(sim.url);
  gateway = await startGateway({
    BACKEND_URL: backend.url,
    BULK_MAX_ORDERS: '20',
    BULK_JOBS_RUNNING_PER_USER: '2',
    COMMENT_RATE_MAX: '40',
    BACKEND_SESSION_CONCURRENCY: '50',
  });
}, 60_000);

afterEach(() => backend.release());

afterAll(async () => {
  await gateway?.close();
  await backend?.stop();
  await sim?.close();
});

describe('orders.bulkStart: a bulk action as a job on the gateway', () => {
  it('runs to completion with a result per order, in the order asked, and lists the job', async () => {
    const ops = await signIn('ops@example.com');
    const open = freshOrders((s) => !FINAL.includes(s), 3);
    const [final] = freshOrders((s) => FINAL.includes(s), 1);
    const uids = [open[0]!.uid, final!.uid, open[1]!.uid, 'no-such-order', open[2]!.uid, open[0]!.uid];
    const started = await ops.orders.bulkStart.mutate({
      action: { kind: 'status', status: 'lost', happenedAt: new Date().toISOString() },
      orderUids: uids,
    });
    expect(started).toMatchObject({ kind: 'status', summary: 'Mark as Lost', state: 'running', total: 5 });

    const job = await jobWhen(ops, started.jobId, (j) => j.state !== 'running');
    expect(job).toMatchObject({ state: 'done', total: 5, done: 5, ok: 3, failed: 2 });
    expect(job.results.map(({ uid, ok, error }) => ({ uid, ok, error }))).toEqual([
      { uid: open[0]!.uid, ok: true, error: null },
      { uid: final!.uid, ok: false, error: 'rejected' },
      { uid: open[1]!.uid, ok: true, error: null },
      { uid: 'no-such-order', ok: false, error: 'not_found' },
      { uid: open[2]!.uid, ok: true, error: null },
    ]);
    // A changed order is named by its reference, as the backend answered it.
    expect(formatOrderReference(job.results[0]!.reference)).toBe(formatOrderReference(open[0]!.reference));
    for (const o of open) expect(sim.store.orders.get(o.uid)?.status).toBe('lost');
    expect(JSON.stringify(job)).not.toMatch(/can no longer|not found/i);

    const { jobs } = await ops.orders.bulkJobs.query();
    const listed = jobs.find((j) => j.jobId === started.jobId);
    expect(listed).toMatchObject({ summary: 'Mark as Lost', state: 'done', ok: 3, failed: 2 });
    // The tray's list carries no per-order results.
    expect(listed).not.toHaveProperty('results');
  });

  it('keeps running after the request that started it ended, and re-attaches from another session', async () => {
    const starter = await signIn('ops@example.com');
    const orders = freshOrders(() => true, 8);
    const before = orders.map((o) => o.comments.length);
    backend.hold();
    const started = await starter.orders.bulkStart.mutate({
      action: { kind: 'comment', text: 'Courier called about the delay' },
      orderUids: orders.map((o) => o.uid),
    });
    // The answer came back before any order was: the job runs on without the request.
    await eventually('the first calls reach the backend', () => backend.held() > 0);
    const reloaded = await signIn('ops@example.com');
    const running = await reloaded.orders.bulkJob.query({ jobId: started.jobId });
    expect(running).toMatchObject({ state: 'running', done: 0, total: 8 });
    const { jobs } = await reloaded.orders.bulkJobs.query();
    expect(jobs[0]).toMatchObject({ jobId: started.jobId, summary: 'Add comment', state: 'running' });

    backend.release();
    const job = await jobWhen(reloaded, started.jobId, (j) => j.state !== 'running');
    expect(job).toMatchObject({ state: 'done', done: 8, ok: 8, failed: 0 });
    orders.forEach((o, i) => {
      expect(sim.store.orders.get(o.uid)?.comments.length).toBe(before[i]! + 1);
    });
  });

  it("another user can neither read nor list someone's job; no credential, no jobs", async () => {
    const ops = await signIn('ops@example.com');
    const dev = await signIn('dev@example.com');
    const started = await ops.orders.bulkStart.mutate({
      action: { kind: 'comment', text: 'Checked with the warehouse' },
      orderUids: freshOrders(() => true, 1).map((o) => o.uid),
    });
    const error = await trpcError(dev.orders.bulkJob.query({ jobId: started.jobId }));
    expect(error.data?.code).toBe('NOT_FOUND');
    const missing = await trpcError(dev.orders.bulkJob.query({ jobId: 'bulk_no-such-job' }));
    expect(missing.message).toBe(error.message);
    expect((await dev.orders.bulkJobs.query()).jobs.map((j) => j.jobId)).not.toContain(started.jobId);
    const anonymous = await trpcError(httpClient(gateway.url).orders.bulkJobs.query());
    expect(anonymous.data?.code).toBe('UNAUTHORIZED');
  });

  it('refuses whole, before any call and without a job: too many orders, too many comments, too many jobs', async () => {
    const dev = await signIn('dev@example.com');
    const listed = async () => (await dev.orders.bulkJobs.query()).jobs.length;
    const jobsBefore = await listed();
    sim.control.resetCallCounts();
    const tooMany = await trpcError(
      dev.orders.bulkStart.mutate({
        action: { kind: 'comment', text: 'Hello there' },
        orderUids: Array.from({ length: 21 }, (_, i) => `o-${i}`),
      }),
    );
    expect(tooMany.data?.httpStatus).toBe(400);
    expect(tooMany.message).toContain('at most 20 orders (BULK_MAX_ORDERS)');

    // COMMENT_RATE_MAX is 40: 20 + 20 comments pass, one more is refused whole.
    const uids = freshOrders(() => true, 20).map((o) => o.uid);
    const comment = { kind: 'comment', text: 'Parcel re-weighed' } as const;
    for (const _ of [1, 2]) {
      const job = await dev.orders.bulkStart.mutate({ action: comment, orderUids: uids });
      await jobWhen(dev, job.jobId, (j) => j.state === 'done');
    }
    const callsBefore = sim.control.callCounts()['/orders/order/{uid}/comments'] ?? 0;
    const rate = await trpcError(
      dev.orders.bulkStart.mutate({ action: comment, orderUids: uids.slice(0, 1) }),
    );
    expect(rate.data?.code).toBe('TOO_MANY_REQUESTS');
    expect(sim.control.callCounts()['/orders/order/{uid}/comments'] ?? 0).toBe(callsBefore);
    expect(await listed()).toBe(jobsBefore + 2);

    // BULK_JOBS_RUNNING_PER_USER is 2: a third running job is refused, naming the setting.
    backend.hold();
    const status = {
      kind: 'status',
      status: 'shipping_in_transit',
      happenedAt: new Date().toISOString(),
    } as const;
    const open = freshOrders((s) => !FINAL.includes(s), 2).map((o) => o.uid);
    await dev.orders.bulkStart.mutate({ action: status, orderUids: open.slice(0, 1) });
    await dev.orders.bulkStart.mutate({ action: status, orderUids: open.slice(1, 2) });
    const third = await trpcError(dev.orders.bulkStart.mutate({ action: status, orderUids: open }));
    expect(third.data?.code).toBe('TOO_MANY_REQUESTS');
    expect(third.message).toContain('BULK_JOBS_RUNNING_PER_USER');
  });

  it('orders.bulk still answers per order in one call, for scripts', async () => {
    const ops = await signIn('ops@example.com');
    const [order] = freshOrders(() => true, 1);
    const { results } = await ops.orders.bulk.mutate({
      action: { kind: 'comment', text: 'Answered by script' },
      orderUids: [order!.uid],
    });
    expect(results).toEqual([{ uid: order!.uid, ok: true, error: null }]);
  });
});
