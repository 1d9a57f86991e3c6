import { type RunningSim, startSim } from '@waybill/backend-sim';
import { type BulkJob, FINAL_ORDER_STATUSES } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type RunningGateway, startGateway } from '../helpers.js';

let sim: RunningSim;
let gateway: RunningGateway;

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, orders: 100, inbounds: 2, stores: 5 });
  gateway = await startGateway({ BACKEND_URL: sim.url });
}, 60_000);
afterAll(async () => {
  await gateway?.close();
  await sim?.close();
});

const signIn = async (email: string) => {
  const { token } = await httpClient(gateway.url).auth.passwordLogin.mutate({
    email,
    password: 'waybill-demo',
    bearer: true,
  });
  return httpClient(gateway.url, token!);
};
type Client = Awaited<ReturnType<typeof signIn>>;

const jobDone = async (client: Client, jobId: string) => {
  const end = Date.now() + 20_000;
  for (;;) {
    const job: BulkJob = await client.orders.bulkJob.query({ jobId });
    if (job.state !== 'running') return job;
    if (Date.now() > end) throw new Error(`job never finished: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const FINAL = FINAL_ORDER_STATUSES as readonly string[];

describe('bulk actions check each order against the state the user saw', () => {
  it('an order a colleague changed since it was ticked is a conflict naming them, the others change', {
    timeout: 30_000,
  }, async () => {
    const ops = await signIn('ops@example.com');
    const dev = await signIn('dev@example.com');
    const devName = (await dev.users.me.query()).user.name;
    const open = [...sim.store.orders.values()].filter((o) => !FINAL.includes(o.status)).slice(0, 3);
    // What ops's list showed when they ticked the three orders.
    const seen = await Promise.all(open.map((o) => ops.orders.detail.query({ uid: o.uid })));
    const expected = Object.fromEntries(
      seen.map(({ order }) => [
        order.uid,
        { updatedAt: order.updated_at, status: order.aggregated_status.key },
      ]),
    );
    // Meanwhile a colleague changes the second one.
    await dev.orders.changeStatus.mutate({
      orderUid: open[1]!.uid,
      status: 'shipping_in_transit',
      happenedAt: new Date().toISOString(),
    });

    const started = await ops.orders.bulkStart.mutate({
      action: { kind: 'status', status: 'lost', happenedAt: new Date().toISOString() },
      orderUids: open.map((o) => o.uid),
      expected,
    });
    const job = await jobDone(ops, started.jobId);
    expect(job).toMatchObject({ state: 'done', ok: 2, failed: 1 });
    expect(job.results[1]).toMatchObject({
      uid: open[1]!.uid,
      ok: false,
      error: 'conflict',
      conflict: { by: devName, what: { kind: 'status', status: 'shipping_in_transit' } },
    });
    expect(Date.parse(job.results[1]!.conflict!.at)).not.toBeNaN();
    expect(sim.store.orders.get(open[1]!.uid)?.status).not.toBe('lost');
    expect(sim.store.orders.get(open[0]!.uid)?.status).toBe('lost');
    expect(sim.store.orders.get(open[2]!.uid)?.status).toBe('lost');
  });

  it('orders.bulk answers the same conflict per order', { timeout: 30_000 }, async () => {
    const ops = await signIn('ops@example.com');
    const dev = await signIn('dev@example.com');
    const [order] = [...sim.store.orders.values()].filter((o) => !FINAL.includes(o.status)).slice(5, 6);
    const { order: seen } = await ops.orders.detail.query({ uid: order!.uid });
    await dev.orders.comments.add.mutate({ orderUid: order!.uid, text: 'Called the courier' });
    const { results } = await ops.orders.bulk.mutate({
      action: { kind: 'status', status: 'lost', happenedAt: new Date().toISOString() },
      orderUids: [order!.uid],
      expected: { [order!.uid]: { updatedAt: seen.updated_at, status: seen.aggregated_status.key } },
    });
    expect(results[0]).toMatchObject({
      ok: false,
      error: 'conflict',
      conflict: { what: { kind: 'comment' } },
    });
  });
});
