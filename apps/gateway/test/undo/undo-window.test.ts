import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import { canReissueAwb, FINAL_ORDER_STATUSES } from '@waybill/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpClient, type RunningGateway, startGateway, trpcError } from '../helpers.js';
import { eventually } from '../realtime/harness.js';
import { type CountingBackend, startCountingBackend } from './counting-backend.js';

let sim: RunningSim;
let backend: CountingBackend;
const running: RunningGateway[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, orders: 200, inbounds: 2, stores: 5 });
  backend = await startCountingBackend(sim.url);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((g) => g.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
afterAll(async () => {
  await backend?.stop();
  await sim?.close();
});

/** A gateway on its own store, or on `dataDir` (kept by the test) to restart on the same one. */
const gatewayWith = async (
  windowMs: number,
  dataDir?: string,
  env: Parameters<typeof startGateway>[0] = {},
) => {
  const gateway = await startGateway({
    BACKEND_URL: backend.url,
    UNDO_WINDOW_MS: String(windowMs),
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...env,
  });
  running.push(gateway);
  return gateway;
};
const keptDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'waybill-undo-'));
  dirs.push(dir);
  return dir;
};
const signIn = async (url: string, email = 'ops@example.com') => {
  const { token } = await httpClient(url).auth.passwordLogin.mutate({
    email,
    password: 'waybill-demo',
    bearer: true,
  });
  return httpClient(url, token!);
};

const FINAL = FINAL_ORDER_STATUSES as readonly string[];
let taken = 0;
/** Open orders no other test of the file touched. */
const freshOpenOrders = (count: number) => {
  const all = [...sim.store.orders.values()];
  const picked = all
    .slice(taken)
    .filter((o) => !FINAL.includes(o.status))
    .slice(0, count);
  taken = all.indexOf(picked.at(-1)!) + 1;
  return picked;
};
const statusOf = (uid: string) => sim.store.orders.get(uid)?.status;

/** An open order no other test touched whose label can be reissued (status and warehouse allow it). */
async function reissuable(client: Awaited<ReturnType<typeof signIn>>) {
  const { fulfillment_centers: warehouses } = await client.reference.fulfillmentCenters.query();
  for (;;) {
    const [candidate] = freshOpenOrders(1);
    if (!candidate) throw new Error('no reissuable order left');
    const { order } = await client.orders.detail.query({ uid: candidate.uid });
    const warehouse = warehouses.find((w) => w.uid === order.fulfillment_center_uid);
    if (canReissueAwb(order, warehouse)) return candidate;
  }
}
const lostNow = () => ({ status: 'lost' as const, happenedAt: new Date().toISOString() });

/** The `not-sent` notification the owner's centre gets for the order, once it is there. */
const notSentTold = (gateway: RunningGateway, ownerUid: string, orderUid: string) =>
  vi.waitFor(
    async () => {
      const { items } = await gateway.app.services.collaboration.notifications.state(ownerUid);
      const item = items.find((n) => n.orderUid === orderUid && n.kind === 'not-sent');
      if (!item) throw new Error('the owner was not told yet');
      return item;
    },
    { timeout: 10_000, interval: 50 },
  );

describe('undo window: an undoable action is held at the gateway, then sent', () => {
  it('an undone status change and reissue never reach the backend, not even after a restart', {
    timeout: 30_000,
  }, async () => {
    const dir = await keptDir();
    const gateway = await gatewayWith(60_000, dir);
    const ops = await signIn(gateway.url);
    const [order] = freshOpenOrders(1);
    const other = await reissuable(ops);
    const before = { status: statusOf(order!.uid), writes: backend.writes() };

    const status = await ops.undo.changeStatus.mutate({ orderUid: order!.uid, ...lostNow() });
    const reissue = await ops.undo.reissueLabel.mutate({ orderUid: other!.uid, numberOfParcels: 2 });
    expect(status).toMatchObject({ windowMs: 60_000, jobId: null });
    expect(status.commitAt).toBeGreaterThan(Date.now());
    expect(await ops.undo.undo.mutate({ actionId: status.actionId })).toEqual({ outcome: 'undone' });
    expect(await ops.undo.undo.mutate({ actionId: reissue.actionId })).toEqual({ outcome: 'undone' });
    // A second undo finds nothing to cancel.
    expect(await ops.undo.undo.mutate({ actionId: status.actionId })).toEqual({ outcome: 'too_late' });

    // A gateway starting on the same store finds nothing held to send.
    await gateway.close();
    running.splice(running.indexOf(gateway), 1);
    const next = await gatewayWith(1_000, dir);
    expect(await next.app.services.pendingActions.heldCount()).toBe(0);
    expect(backend.writes()).toBe(before.writes);
    expect(statusOf(order!.uid)).toBe(before.status);
  });

  it('a status change not undone is sent once its window ends, once', { timeout: 30_000 }, async () => {
    const gateway = await gatewayWith(1_000);
    const ops = await signIn(gateway.url);
    const [order] = freshOpenOrders(1);
    const writes = backend.writes();
    const ticket = await ops.undo.changeStatus.mutate({ orderUid: order!.uid, ...lostNow() });
    // Held: nothing reached the backend when the answer came back.
    expect(backend.writes()).toBe(writes);
    await eventually('the change reaches the backend', () => statusOf(order!.uid) === 'lost', 10_000);
    expect(backend.writes()).toBe(writes + 1);
    expect(await ops.undo.undo.mutate({ actionId: ticket.actionId })).toEqual({ outcome: 'too_late' });
    expect(await gateway.app.services.pendingActions.heldCount()).toBe(0);
  });

  it('a gateway restarted within the window sends the held change on start, once', {
    timeout: 30_000,
  }, async () => {
    const dir = await keptDir();
    const first = await gatewayWith(60_000, dir);
    const ops = await signIn(first.url);
    const [order] = freshOpenOrders(1);
    const writes = backend.writes();
    await ops.undo.changeStatus.mutate({ orderUid: order!.uid, ...lostNow() });
    await first.close();
    running.splice(running.indexOf(first), 1);
    expect(backend.writes()).toBe(writes);

    // The next gateway waits at most its own window (1 s) for an action stored with a longer one.
    const second = await gatewayWith(1_000, dir);
    await eventually('the held change reaches the backend', () => statusOf(order!.uid) === 'lost', 10_000);
    expect(await second.app.services.pendingActions.heldCount()).toBe(0);
    expect(backend.writes()).toBe(writes + 1);
  });

  it('a held change whose order a colleague changed meanwhile is not sent, and its owner is told who came first', {
    timeout: 30_000,
  }, async () => {
    const dir = await keptDir();
    const first = await gatewayWith(60_000, dir);
    const ops = await signIn(first.url);
    const dev = await signIn(first.url, 'dev@example.com');
    const [order] = freshOpenOrders(1);
    const { order: seen } = await ops.orders.detail.query({ uid: order!.uid });
    const expected = { updatedAt: seen.updated_at, status: seen.aggregated_status.key };
    await ops.undo.changeStatus.mutate({ orderUid: order!.uid, ...lostNow(), expected });
    // The colleague's comment lands inside the undo window (the held change waits for a restart).
    await dev.orders.comments.add.mutate({ orderUid: order!.uid, text: 'Called the courier' });
    await first.close();
    running.splice(running.indexOf(first), 1);
    const writes = backend.writes();

    const second = await gatewayWith(1_000, dir);
    const { user } = await (await signIn(second.url)).users.me.query();
    const told = await notSentTold(second, user.uid, order!.uid);
    const devName = (await (await signIn(second.url, 'dev@example.com')).users.me.query()).user.name;
    expect(told).toMatchObject({
      text: 'Your status change to Lost was not sent: the order changed during its undo time',
      // Named as every other notification names its order (read when the change was held).
      reference: seen.reference,
      author: { name: devName },
      excerpt: 'comment added',
    });
    expect(seen.reference).toBeTruthy();
    expect(await second.app.services.pendingActions.heldCount()).toBe(0);
    expect(backend.writes()).toBe(writes);
    expect(statusOf(order!.uid)).not.toBe('lost');
  });

  it('a held change the backend does not take is not sent again, and its owner is told to make it again', {
    timeout: 30_000,
  }, async () => {
    const gateway = await gatewayWith(1_000);
    const ops = await signIn(gateway.url);
    const { user } = await ops.users.me.query();
    const [order] = freshOpenOrders(1);
    const before = statusOf(order!.uid);
    sim.control.setFault({ kind: 'down', paths: ['/orders/change_status'] });
    try {
      const writes = backend.writes();
      await ops.undo.changeStatus.mutate({ orderUid: order!.uid, ...lostNow() });
      const told = await notSentTold(gateway, user.uid, order!.uid);
      expect(told).toMatchObject({
        text: 'Your status change to Lost was not sent: the backend could not be reached. Make it again if it is still needed',
        author: null,
        excerpt: null,
      });
      // Held without `expected` (SAVE ANYWAY sends none), the order was still read: it is named.
      expect(told.reference).toBe((await ops.orders.detail.query({ uid: order!.uid })).order.reference);
      expect(told.reference).toBeTruthy();
      // Tried once, then gone from the store: not sent again behind the owner's back.
      expect(backend.writes()).toBe(writes + 1);
      expect(await gateway.app.services.pendingActions.heldCount()).toBe(0);
      expect(statusOf(order!.uid)).toBe(before);
    } finally {
      sim.control.setFault(null);
    }
  });

  it("refuses at once, naming why, a change a colleague's change ruled out: nothing is held or sent", {
    timeout: 30_000,
  }, async () => {
    const gateway = await gatewayWith(1_000);
    const ops = await signIn(gateway.url);
    const [order] = freshOpenOrders(1);
    sim.control.changeOrder(order!.uid, { status: 'cancelled' });
    const writes = backend.writes();
    for (const [call, words] of [
      [
        () => ops.undo.changeStatus.mutate({ orderUid: order!.uid, ...lostNow() }),
        'Mark as Lost is no longer possible: the order is Canceled now.',
      ],
      [
        () => ops.undo.reissueLabel.mutate({ orderUid: order!.uid, numberOfParcels: 2 }),
        'Reissue AWB is no longer possible: the order is Canceled now.',
      ],
    ] as const) {
      const refused = await trpcError(call());
      expect(refused.data?.code).toBe('PRECONDITION_FAILED');
      expect(refused.message).toBe(words);
    }
    expect(await gateway.app.services.pendingActions.heldCount()).toBe(0);
    expect(backend.writes()).toBe(writes);
    expect(statusOf(order!.uid)).toBe('cancelled');
  });

  it('an undone bulk run never starts its job; one not undone runs as the job its ticket named', {
    timeout: 30_000,
  }, async () => {
    const gateway = await gatewayWith(1_000);
    const ops = await signIn(gateway.url);
    const undone = freshOpenOrders(3);
    const writes = backend.writes();
    const held = await ops.undo.bulkStart.mutate({
      action: { kind: 'status', ...lostNow() },
      orderUids: undone.map((o) => o.uid),
    });
    expect(held.jobId).toMatch(/^bulk_/);
    expect(await ops.undo.undo.mutate({ actionId: held.actionId })).toEqual({ outcome: 'undone' });
    expect((await trpcError(ops.orders.bulkJob.query({ jobId: held.jobId! }))).data?.code).toBe('NOT_FOUND');

    const sent = freshOpenOrders(2);
    const ticket = await ops.undo.bulkStart.mutate({
      action: { kind: 'status', ...lostNow() },
      orderUids: sent.map((o) => o.uid),
    });
    await eventually('both orders are lost', () => sent.every((o) => statusOf(o.uid) === 'lost'), 10_000);
    const job = await ops.orders.bulkJob.query({ jobId: ticket.jobId! });
    expect(job).toMatchObject({ summary: 'Mark as Lost', total: 2 });
    expect(backend.writes()).toBe(writes + 2);
    for (const o of undone) expect(statusOf(o.uid)).not.toBe('lost');
  });

  it('a held bulk run counts against BULK_JOBS_RUNNING_PER_USER, held or started directly', {
    timeout: 30_000,
  }, async () => {
    const gateway = await gatewayWith(60_000, undefined, { BULK_JOBS_RUNNING_PER_USER: '2' });
    const ops = await signIn(gateway.url);
    const action = { kind: 'comment', text: 'Checked at the dock' } as const;
    const bulk = () => ({ action, orderUids: freshOpenOrders(1).map((o) => o.uid) });
    const first = await ops.undo.bulkStart.mutate(bulk());
    await ops.undo.bulkStart.mutate(bulk());
    for (const third of [ops.undo.bulkStart.mutate(bulk()), ops.orders.bulkStart.mutate(bulk())]) {
      const refused = await trpcError(third);
      expect(refused.data?.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.message).toContain('BULK_JOBS_RUNNING_PER_USER');
    }
    // Another user's runs are theirs to count.
    const dev = await signIn(gateway.url, 'dev@example.com');
    await dev.undo.bulkStart.mutate(bulk());
    // An undone run frees its place.
    expect(await ops.undo.undo.mutate({ actionId: first.actionId })).toEqual({ outcome: 'undone' });
    await ops.undo.bulkStart.mutate(bulk());
  });

  it('only its owner can undo an action', { timeout: 30_000 }, async () => {
    const gateway = await gatewayWith(60_000);
    const ops = await signIn(gateway.url);
    const dev = await signIn(gateway.url, 'dev@example.com');
    const [order] = freshOpenOrders(1);
    const ticket = await ops.undo.changeStatus.mutate({ orderUid: order!.uid, ...lostNow() });
    expect(await dev.undo.undo.mutate({ actionId: ticket.actionId })).toEqual({ outcome: 'too_late' });
    expect(await ops.undo.undo.mutate({ actionId: ticket.actionId })).toEqual({ outcome: 'undone' });
  });
});
