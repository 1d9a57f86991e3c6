import type { ChangesBody, Order } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { MemoryChangeEventLog } from './change-events.js';
import { ChangePoll, LocalPollLease } from './change-poll.js';
import type { BackendCaller } from './types.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

function order(uid: string, updatedAt: string): Order {
  return { uid, updated_at: updatedAt } as Order;
}

/** A scripted /changes backend: records bodies, answers from a queue. */
function scripted(answers: Array<Order[] | Error>) {
  const bodies: ChangesBody[] = [];
  const backend: BackendCaller = {
    async call(name, opts) {
      if (name !== 'changes') throw new Error(`unexpected ${name}`);
      bodies.push(opts.body as ChangesBody);
      const next = answers.shift() ?? [];
      if (next instanceof Error) throw next;
      return { orders: next } as never;
    },
  };
  return { backend, bodies };
}

function makePoll(backend: BackendCaller, clock: { t: number }) {
  const log = new MemoryChangeEventLog();
  const poll = new ChangePoll({
    backend,
    log,
    lease: new LocalPollLease(),
    logger: silent,
    serviceToken: 'svc',
    managedBy: 'waybill',
    intervalMs: 5000,
    now: () => clock.t,
  });
  return { poll, log };
}

describe('ChangePoll', () => {
  it('starts each window 10 s before the previous poll start and sends only managed_by', async () => {
    const clock = { t: Date.parse('2026-01-01T00:00:00Z') };
    const { backend, bodies } = scripted([[], []]);
    const { poll } = makePoll(backend, clock);
    await poll.pollOnce();
    clock.t += 5000;
    await poll.pollOnce();
    expect(Object.keys(bodies[1]!.orders).sort()).toEqual([
      'managed_by',
      'updated_at_end',
      'updated_at_start',
    ]);
    expect(bodies[1]!.orders.managed_by).toBe('waybill');
    expect(bodies[1]!.orders.updated_at_start).toBe('2025-12-31T23:59:50.000Z');
  });

  it('de-duplicates an order seen again in the overlapping window, but not a new change of it', async () => {
    const clock = { t: Date.parse('2026-01-01T00:00:00Z') };
    const a1 = order('a', '2026-01-01T00:00:00.100Z');
    const a2 = order('a', '2026-01-01T00:00:06.000Z');
    const { backend } = scripted([[a1], [a1, order('b', '2026-01-01T00:00:04.000Z')], [a1, a2]]);
    const { poll, log } = makePoll(backend, clock);
    const published: string[][] = [];
    log.subscribe((e) => published.push(e.orders.map((o) => `${o.uid}@${o.updated_at}`)));
    await poll.pollOnce();
    clock.t += 5000;
    await poll.pollOnce();
    clock.t += 5000;
    await poll.pollOnce();
    expect(published).toEqual([
      ['a@2026-01-01T00:00:00.100Z'],
      ['b@2026-01-01T00:00:04.000Z'],
      ['a@2026-01-01T00:00:06.000Z'],
    ]);
  });

  it('publishes events with increasing ids and no event for an empty poll', async () => {
    const clock = { t: 1_000_000 };
    const { backend } = scripted([[order('a', '1')], [], [order('b', '2')]]);
    const { poll, log } = makePoll(backend, clock);
    for (let i = 0; i < 3; i++) {
      await poll.pollOnce();
      clock.t += 5000;
    }
    const events = await log.since('0');
    expect(events?.map((e) => e.id)).toEqual(['1', '2']);
  });

  it('after failures, the recovering window covers the whole gap and lag is reported meanwhile', async () => {
    const clock = { t: Date.parse('2026-01-01T00:00:00Z') };
    const { backend, bodies } = scripted([[], new Error('down'), new Error('down'), []]);
    const { poll } = makePoll(backend, clock);
    expect(await poll.pollOnce()).toBe('ok');
    clock.t += 5000;
    expect(await poll.pollOnce()).toBe('error');
    clock.t += 5000;
    expect(await poll.pollOnce()).toBe('error');
    expect(poll.lagMs()).toBe(10_000);
    expect(poll.lastError).toBe('down');
    clock.t += 5000;
    expect(await poll.pollOnce()).toBe('ok');
    // Window anchored on the last successful start (t0), minus 10 s: nothing in the gap is skipped.
    expect(bodies[3]!.orders.updated_at_start).toBe('2025-12-31T23:59:50.000Z');
    expect(poll.lagMs()).toBe(0);
  });

  it('a second replica without the lease does not poll', async () => {
    const clock = { t: 0 };
    const { backend, bodies } = scripted([[]]);
    const log = new MemoryChangeEventLog();
    const poll = new ChangePoll({
      backend,
      log,
      lease: {
        ...new LocalPollLease(),
        holds: async () => false,
        readCursor: async () => null,
        writeCursor: async () => {},
        release: async () => {},
      },
      logger: silent,
      serviceToken: 'svc',
      managedBy: 'waybill',
      intervalMs: 5000,
      now: () => clock.t,
    });
    expect(await poll.pollOnce()).toBe('not-leader');
    expect(bodies).toHaveLength(0);
  });
});
