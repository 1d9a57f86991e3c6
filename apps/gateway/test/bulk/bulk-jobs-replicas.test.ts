import { type RunningSim, startSim } from '@waybill/backend-sim';
import { type BulkJob, FINAL_ORDER_STATUSES } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type RunningGateway, startGateway, trpcError } from '../helpers.js';
import { eventually } from '../realtime/harness.js';
import { type RedisServer, startRedis } from '../scale/redis-server.js';
import { type GatedBackend, startGatedBackend } from './gated-backend.js';

let redis: RedisServer;
let sim: RunningSim;
let backend: GatedBackend;
let a: RunningGateway;
let b: RunningGateway;
let aClosed = false;

const signIn = async (gateway: RunningGateway, email = 'ops@example.com') => {
  const { token } = await httpClient(gateway.url).auth.passwordLogin.mutate({
    email,
    password: 'waybill-demo',
    bearer: true,
  });
  return { token: token!, client: httpClient(gateway.url, token!) };
};
type Client = Awaited<ReturnType<typeof signIn>>['client'];

const jobWhen = async (client: Client, jobId: string, until: (job: BulkJob) => boolean) => {
  const end = Date.now() + 20_000;
  for (;;) {
    const job = await client.orders.bulkJob.query({ jobId });
    if (until(job)) return job;
    if (Date.now() > end) throw new Error(`job never reached the state: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const FINAL = FINAL_ORDER_STATUSES as readonly string[];
const openOrders = () => [...sim.store.orders.values()].filter((o) => !FINAL.includes(o.status));

beforeAll(async () => {
  redis = await startRedis();
  sim = await startSim({ port: 0, tickMs: 0, orders: 200, inbounds: 5, stores: 10 });
  backend = await startGatedBackend(sim.url);
  const env = { BACKEND_URL: backend.url, REDIS_URL: redis.url, BACKEND_SESSION_CONCURRENCY: '50' };
  [a, b] = await Promise.all([startGateway(env), startGateway(env)]);
}, 120_000);

afterAll(async () => {
  backend?.release();
  await b?.close();
  if (!aClosed) await a?.close();
  await backend?.stop();
  await sim?.close();
  await redis?.stop();
});

describe('bulk jobs across two replicas on one Redis', () => {
  it('a job started on replica A is listed and read, results included, on replica B', async () => {
    const { token } = await signIn(a);
    const onA = httpClient(a.url, token);
    const onB = httpClient(b.url, token);
    const orders = openOrders().slice(0, 6);
    backend.hold();
    const started = await onA.orders.bulkStart.mutate({
      action: { kind: 'comment', text: 'Checked with the courier' },
      orderUids: orders.map((o) => o.uid),
    });
    await eventually('the first calls reach the backend', () => backend.held() > 0);
    expect(await onB.orders.bulkJob.query({ jobId: started.jobId })).toMatchObject({
      state: 'running',
      total: 6,
      done: 0,
    });
    expect((await onB.orders.bulkJobs.query()).jobs[0]?.jobId).toBe(started.jobId);
    backend.release();
    const job = await jobWhen(onB, started.jobId, (j) => j.state !== 'running');
    expect(job).toMatchObject({ state: 'done', ok: 6, failed: 0 });
    expect(job.results.map((r) => r.uid)).toEqual(orders.map((o) => o.uid));
    // Another user, on either replica, finds nothing.
    const dev = (await signIn(b, 'dev@example.com')).client;
    expect((await trpcError(dev.orders.bulkJob.query({ jobId: started.jobId }))).data?.code).toBe(
      'NOT_FOUND',
    );
  });

  it('a replica that stops finishes the calls in flight, starts no more, and the job reads interrupted', async () => {
    const { token } = await signIn(a);
    const onA = httpClient(a.url, token);
    const onB = httpClient(b.url, token);
    const orders = openOrders().slice(10, 22);
    backend.hold();
    const started = await onA.orders.bulkStart.mutate({
      action: { kind: 'status', status: 'shipping_in_transit', happenedAt: new Date().toISOString() },
      orderUids: orders.map((o) => o.uid),
    });
    // BULK_CONCURRENCY calls wait at the backend when the shutdown begins (SIGTERM drains, then closes).
    await eventually('the first calls reach the backend', () => backend.held() === 4);
    aClosed = true;
    const closing = a.close();
    await eventually('replica A stops its jobs', () => a.app.services.bulkJobs.stopping);
    backend.release();
    await closing;

    const job = await onB.orders.bulkJob.query({ jobId: started.jobId });
    expect(job).toMatchObject({ state: 'interrupted', total: 12, done: 12, ok: 4, failed: 8 });
    expect(job.results.map((r) => r.uid)).toEqual(orders.map((o) => o.uid));
    expect(job.results.filter((r) => !r.ok).every((r) => r.error === 'failed')).toBe(true);
    // The 4 calls in flight were made; none after.
    const moved = orders.filter((o) => sim.store.orders.get(o.uid)?.status === 'shipping_in_transit');
    expect(moved).toHaveLength(4);
  });
});
