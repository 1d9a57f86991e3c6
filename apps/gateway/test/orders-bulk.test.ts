import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import { FINAL_ORDER_STATUSES } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_CONCURRENCY } from '../src/routers/orders-bulk.js';
import { forwardRequest } from './fake-backend.js';
import { httpClient, type RunningGateway, startGateway, trpcError } from './helpers.js';
import { DEMO } from './sim-stack.js';

/**
 * Between the gateway and backend-sim: forwards every request, holds each status change HOLD_MS so
 * calls overlap, and records the most status changes in flight at once.
 */
const HOLD_MS = 150;
let sim: RunningSim;
let proxy: Server;
let gateway: RunningGateway;
let client: ReturnType<typeof httpClient>;
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, orders: 300, inbounds: 10, stores: 20 });
  proxy = createServer(async (req, res) => {
    const status = req.url === '/orders/change_status';
    if (status) maxInFlight = Math.max(maxInFlight, ++inFlight);
    try {
      if (status) await new Promise((r) => setTimeout(r, HOLD_MS));
      await forwardRequest(sim.url, req, res);
    } finally {
      if (status) inFlight--;
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  // A generous session budget, so the bound observed is the bulk action's own.
  gateway = await startGateway({
    BACKEND_URL: `http://127.0.0.1:${port}`,
    BULK_MAX_ORDERS: '20',
    BACKEND_SESSION_CONCURRENCY: '50',
  });
  const token = (await httpClient(gateway.url).auth.passwordLogin.mutate({ ...DEMO, bearer: true })).token!;
  client = httpClient(gateway.url, token);
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await sim?.close();
});

const FINAL = FINAL_ORDER_STATUSES as readonly string[];
const ordersWhere = (test: (status: string) => boolean, count: number) =>
  [...sim.store.orders.values()].filter((o) => test(o.status)).slice(0, count);

describe('orders.bulk', () => {
  it('answers per order: changed ones ok, a final order and an unknown uid failed with a code', async () => {
    const open = ordersWhere((s) => !FINAL.includes(s), 3);
    const final = ordersWhere((s) => FINAL.includes(s), 1);
    expect(open).toHaveLength(3);
    expect(final).toHaveLength(1);
    const uids = [open[0]!.uid, final[0]!.uid, open[1]!.uid, 'no-such-order', open[2]!.uid];
    const happenedAt = new Date().toISOString();
    const { results } = await client.orders.bulk.mutate({
      action: { kind: 'status', status: 'lost', happenedAt },
      orderUids: uids,
    });
    expect(results).toEqual([
      { uid: open[0]!.uid, ok: true, error: null },
      { uid: final[0]!.uid, ok: false, error: 'rejected' },
      { uid: open[1]!.uid, ok: true, error: null },
      { uid: 'no-such-order', ok: false, error: 'not_found' },
      { uid: open[2]!.uid, ok: true, error: null },
    ]);
    for (const o of open) expect(sim.store.orders.get(o.uid)?.status).toBe('lost');
    // No backend text reaches the answer.
    expect(JSON.stringify(results)).not.toMatch(/can no longer|not found/i);
  });

  it('adds the same comment to every order, once each even when a uid repeats', async () => {
    const [a, b] = ordersWhere(() => true, 2);
    const before = [a!, b!].map((o) => o.comments.length);
    const text = 'Courier called about the delay';
    sim.control.resetCallCounts();
    const { results } = await client.orders.bulk.mutate({
      action: { kind: 'comment', text },
      orderUids: [a!.uid, b!.uid, a!.uid],
    });
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(sim.control.callCounts()['/orders/order/{uid}/comments']).toBe(2);
    expect(sim.store.orders.get(a!.uid)?.comments.length).toBe(before[0]! + 1);
    expect(sim.store.orders.get(b!.uid)?.comments.length).toBe(before[1]! + 1);
  });

  it('refuses more orders than BULK_MAX_ORDERS with a 400 naming the limit', async () => {
    const uids = Array.from({ length: 21 }, (_, i) => `o-${i}`);
    sim.control.resetCallCounts();
    const error = await trpcError(
      client.orders.bulk.mutate({ action: { kind: 'comment', text: 'Hello there' }, orderUids: uids }),
    );
    expect(error.data?.httpStatus).toBe(400);
    expect(error.message).toContain('at most 20 orders (BULK_MAX_ORDERS)');
    // Refused before any backend call.
    expect(sim.control.callCounts()['/orders/order/{uid}/comments'] ?? 0).toBe(0);
  });

  it('refuses an empty selection and a short comment, naming the problem', async () => {
    const empty = await trpcError(
      client.orders.bulk.mutate({ action: { kind: 'comment', text: 'Hello there' }, orderUids: [] }),
    );
    expect(empty.data?.httpStatus).toBe(400);
    expect(empty.message).toContain('tick at least one order');
    const short = await trpcError(
      client.orders.bulk.mutate({ action: { kind: 'comment', text: 'hi' }, orderUids: ['x'] }),
    );
    expect(short.message).toContain('longer than');
  });

  it(`runs at most ${BULK_CONCURRENCY} backend calls at a time`, async () => {
    const uids = ordersWhere((s) => !FINAL.includes(s), 16).map((o) => o.uid);
    expect(uids).toHaveLength(16);
    maxInFlight = 0;
    const started = Date.now();
    const { results } = await client.orders.bulk.mutate({
      action: { kind: 'status', status: 'shipping_in_transit', happenedAt: new Date().toISOString() },
      orderUids: uids,
    });
    expect(results.every((r) => r.ok)).toBe(true);
    expect(maxInFlight).toBeLessThanOrEqual(BULK_CONCURRENCY);
    expect(maxInFlight).toBeGreaterThan(1);
    // 16 calls held 150 ms each, 4 at a time, take at least 4 rounds.
    expect(Date.now() - started).toBeGreaterThanOrEqual((16 / BULK_CONCURRENCY) * HOLD_MS - 20);
  });
});
