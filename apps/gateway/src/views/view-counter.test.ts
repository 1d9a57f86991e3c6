import { DEFAULT_ORDERS_FILTER } from '@waybill/contracts';
import { makeOrder } from '@waybill/contracts/test-fixtures';
import { describe, expect, it } from 'vitest';
import type { OrderChange } from '../realtime/known-orders.js';
import type { BackendCaller } from '../realtime/types.js';
import { ViewCounter } from './view-counter.js';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/** A backend whose count calls wait until released, recording the token of each. */
function gatedBackend() {
  const calls: Array<{ token: string; release: (count: number) => void }> = [];
  const backend = {
    call: (_name: string, opts: { token: string }) =>
      new Promise((resolve) => calls.push({ token: opts.token, release: (count) => resolve({ count }) })),
  } as unknown as BackendCaller;
  return { backend, calls };
}

function counter() {
  const { backend, calls } = gatedBackend();
  let emit: (changes: OrderChange[]) => void = () => {};
  const views = new ViewCounter({
    backend,
    managedBy: 'waybill',
    logger: quiet,
    onOrderChanges: (listener) => {
      emit = listener;
      return () => {};
    },
  });
  return { views, calls, emit: (changes: OrderChange[]) => emit(changes) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const lost = {
  ...DEFAULT_ORDERS_FILTER,
  statuses: ['lost'],
  displayPriorities: [],
  activeOrders: 'all' as const,
};

describe('ViewCounter', () => {
  it('reads one count per user and filter, whatever the order of its values, never across users', async () => {
    const { views, calls } = counter();
    const a1 = views.watch('usr_a', 'token-a', lost, () => {});
    views.watch('usr_a', 'token-a2', { ...lost, statuses: ['lost'] }, () => {});
    views.watch('usr_b', 'token-b', lost, () => {});
    expect(calls.map((c) => c.token)).toEqual(['token-a', 'token-b']);
    calls[0]!.release(7);
    await settle();
    expect(a1.count()).toBe(7);
    expect(views.size()).toBe(2);
  });

  it('a change arriving during a read gives one more read after it; an untouched filter reads nothing', async () => {
    const { views, calls, emit } = counter();
    let heard = 0;
    const handle = views.watch('usr_a', 'token-a', lost, () => heard++);
    views.watch('usr_a', 'token-a', { ...lost, statuses: ['delivered'] }, () => {});
    calls[0]!.release(1);
    calls[1]!.release(2);
    await settle();
    const before = makeOrder({ aggregated_status: { key: 'in_transit', date: '2026-01-01T00:00:00Z' } });
    const after = makeOrder({ aggregated_status: { key: 'lost', date: '2026-01-02T00:00:00Z' } });
    emit([{ before, after }]);
    emit([{ before, after }]);
    emit([{ before, after }]);
    expect(calls).toHaveLength(3);
    calls[2]!.release(2);
    await settle();
    expect(calls).toHaveLength(4);
    calls[3]!.release(2);
    await settle();
    expect(calls).toHaveLength(4);
    expect(handle.count()).toBe(2);
    expect(heard).toBe(2);
  });

  it('forgets a count when its last watcher leaves', async () => {
    const { views } = counter();
    const one = views.watch('usr_a', 'token-a', lost, () => {});
    const two = views.watch('usr_a', 'token-a', lost, () => {});
    one.release();
    expect(views.size()).toBe(1);
    two.release();
    expect(views.size()).toBe(0);
  });
});
