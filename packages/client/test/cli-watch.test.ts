/**
 * `waybill orders watch` against a real backend-sim + gateway: what its lines mean when orders move
 * in and out of the watched window, leave the matching orders, or change while it cannot follow.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ORDERS_FILTER, orderMatchesFilter } from '@waybill/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWaybillClient, type Order, type WaybillClient } from '../src/index.js';
import { cliEnv, type Running, type Stack, startStack, startWaybill } from './cli-stack.js';

let stack: Stack;
let client: WaybillClient;
let config: string;
let watch: Running | undefined;
const WAIT = { timeout: 30_000, interval: 50 };
const LIMIT = 5;

beforeAll(async () => {
  stack = await startStack();
  client = createWaybillClient({ url: stack.url, token: await stack.token() });
  config = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
}, 60_000);

afterEach(async () => {
  watch?.stop();
  await watch?.exited;
  watch = undefined;
  stack.sim.control.setFault(null);
  await stack.startGateway();
});

afterAll(async () => {
  client?.close();
  await stack?.close();
  if (config) await rm(config, { recursive: true, force: true });
});

/** The matching orders in the console's order, as the watch sees them. */
async function firstOrders(limit: number): Promise<Order[]> {
  const { orders } = await client.orders.search.query({
    filter: DEFAULT_ORDERS_FILTER,
    window: { skip: 0, limit },
  });
  return orders;
}

async function startWatch(): Promise<Running> {
  const env = cliEnv(config, { WAYBILL_URL: stack.url, WAYBILL_TOKEN: await stack.token() });
  const started = startWaybill(['orders', 'watch', '--limit', String(LIMIT)], env);
  await vi.waitFor(() => expect(started.stderr()).toContain(`watching ${LIMIT} orders`), WAIT);
  return started;
}

const parsed = (running: Running) => running.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** Makes an order stop matching the default filter (active, priorities 0-3): delivered is final. */
function takeOutOfFilter(uid: string): Order {
  const changed = stack.sim.control.changeOrder(uid, { status: 'shipping_delivered' });
  expect(orderMatchesFilter(changed, DEFAULT_ORDERS_FILTER, new Date())).toBe(false);
  return changed;
}

describe('waybill orders watch', { timeout: 60_000 }, () => {
  it('prints an order pushed out of the first N as moved-out, not removed', async () => {
    const orders = await firstOrders(LIMIT + 20);
    const last = orders[LIMIT - 1]!;
    // An order below the window, of the last watched one's priority: touched, it rises above it.
    const below = orders.slice(LIMIT).find((o) => o.display_priority === last.display_priority)!;
    watch = await startWatch();
    const risen = stack.sim.control.changeOrder(below.uid, { late: below.late.is_late });
    await vi.waitFor(() => expect(watch!.lines.length).toBeGreaterThanOrEqual(2), WAIT);
    expect(parsed(watch)).toEqual([
      {
        change: 'added',
        uid: below.uid,
        reference: below.reference,
        status: risen.aggregated_status.key,
        updated_at: risen.updated_at,
      },
      {
        change: 'moved-out',
        uid: last.uid,
        reference: last.reference,
        status: last.aggregated_status.key,
        updated_at: last.updated_at,
      },
    ]);
  });

  it('prints removed with the newest row, also for an order that left while the gateway was away', async () => {
    const [first, second] = await firstOrders(2);
    watch = await startWatch();
    const left = takeOutOfFilter(first!.uid);
    await vi.waitFor(
      () =>
        expect(parsed(watch!)).toContainEqual(
          expect.objectContaining({ uid: first!.uid, change: 'removed' }),
        ),
      WAIT,
    );
    expect(parsed(watch).find((line) => line.uid === first!.uid && line.change === 'removed')).toMatchObject({
      status: left.aggregated_status.key,
      updated_at: left.updated_at,
    });

    await stack.stopGateway();
    await vi.waitFor(
      () => expect(watch!.stderr()).toContain('live updates paused: cannot reach the gateway'),
      WAIT,
    );
    const leftMeanwhile = takeOutOfFilter(second!.uid);
    await stack.startGateway();
    await vi.waitFor(() => expect(watch!.stderr()).toContain('waybill: live updates resumed\n'), WAIT);
    await vi.waitFor(
      () =>
        expect(parsed(watch!)).toContainEqual(
          expect.objectContaining({ uid: second!.uid, change: 'removed' }),
        ),
      WAIT,
    );
    expect(parsed(watch).filter((line) => line.uid === second!.uid)).toEqual([
      {
        change: 'removed',
        uid: second!.uid,
        reference: second!.reference,
        status: leftMeanwhile.aggregated_status.key,
        updated_at: leftMeanwhile.updated_at,
      },
    ]);
    expect(watch.stderr()).toMatch(
      new RegExp(
        `^waybill: watching ${LIMIT} orders \\(Ctrl-C to stop\\)\\n` +
          `waybill: live updates paused: cannot reach the gateway at ${stack.url}( \\(\\w+\\))?, trying again; data from \\d\\d:\\d\\d:\\d\\d\\n` +
          'waybill: live updates resumed\\n$',
      ),
    );
  });

  it('says on stderr when an order left but cannot be read, and prints its line once a read works', async () => {
    const [first, second] = await firstOrders(2);
    watch = await startWatch();
    stack.sim.control.setFault({ kind: 'down', paths: ['/orders/order/{uid}'] });
    takeOutOfFilter(first!.uid);
    await vi.waitFor(
      () =>
        expect(watch!.stderr()).toContain(
          `waybill: order ${first!.uid} left the watched orders, but reading it failed (`,
        ),
      WAIT,
    );
    // Its new status may come first, while still listed: only its leaving waits.
    expect(parsed(watch).filter((line) => line.uid === first!.uid && line.change !== 'changed')).toEqual([]);

    stack.sim.control.setFault(null);
    // The next state of the window asks again.
    stack.sim.control.changeOrder(second!.uid, { late: second!.late.is_late });
    await vi.waitFor(
      () =>
        expect(parsed(watch!)).toContainEqual(
          expect.objectContaining({ uid: first!.uid, change: 'removed' }),
        ),
      WAIT,
    );
    expect(watch.stderr().match(/reading it failed/g)).toHaveLength(1);
  });

  it('says on stderr when live updates pause because the backend is not answering, and when they resume', async () => {
    watch = await startWatch();
    stack.sim.control.setFault('down');
    await vi.waitFor(() => expect(watch!.stderr()).toMatch(/live updates paused/), WAIT);
    stack.sim.control.setFault(null);
    await vi.waitFor(() => expect(watch!.stderr()).toMatch(/resumed\n$/), WAIT);
    expect(watch.stderr()).toMatch(
      new RegExp(
        `^waybill: watching ${LIMIT} orders \\(Ctrl-C to stop\\)\\n` +
          'waybill: live updates paused: the backend is not answering; data from \\d\\d:\\d\\d:\\d\\d\\n' +
          'waybill: live updates resumed\\n$',
      ),
    );
  });
});
