import { NOTIFICATIONS_KEPT } from '@waybill/contracts';
import { makeOrder } from '@waybill/contracts/test-fixtures';
import { describe, expect, it } from 'vitest';
import { MemoryChangeEventLog } from '../realtime/change-events.js';
import { MemoryOwnWriteStore } from '../realtime/own-write-store.js';
import { OwnWrites } from '../realtime/own-writes.js';
import type { BackendCaller, RealtimeLogger } from '../realtime/types.js';
import { MemoryNotificationStore } from './notification-store.js';
import { describeChange, Notifier } from './notifier.js';

describe('describeChange', () => {
  const order = (status: string, count: number, escalated: 'development' | null = null) =>
    makeOrder({
      aggregated_status: { key: status, date: '2026-01-01T00:00:00Z' },
      comments: { count_: count, status: escalated ? 'escalated' : null, team: escalated, until: null },
    });

  it('says what changed since the last sighting', () => {
    expect(describeChange({ status: 'lost', comments: 1 }, order('lost', 2))).toBe('New comment');
    expect(describeChange({ status: 'lost', comments: 1 }, order('lost', 2, 'development'))).toBe(
      'New comment escalated to development',
    );
    expect(describeChange({ status: 'waiting_for_courier', comments: 1 }, order('lost', 1))).toBe(
      'Status is now Lost',
    );
    expect(describeChange({ status: 'waiting_for_courier', comments: 0 }, order('lost', 1))).toBe(
      'Status is now Lost · New comment',
    );
    expect(describeChange({ status: 'lost', comments: 1 }, order('lost', 1))).toBe('Order updated');
    expect(describeChange(null, order('lost', 3))).toBe('Status is now Lost');
  });
});

describe('MemoryNotificationStore', () => {
  it(`keeps the newest ${NOTIFICATIONS_KEPT}, counts unread and marks read`, async () => {
    const store = new MemoryNotificationStore();
    const updates: string[] = [];
    store.onUpdate((u) => updates.push(u));
    for (let i = 0; i < NOTIFICATIONS_KEPT + 5; i++)
      await store.push('usr_a', {
        id: `n${i}`,
        kind: 'changed',
        orderUid: 'ord_1',
        reference: null,
        text: 't',
        at: i,
      });
    const state = await store.state('usr_a');
    expect(state.items).toHaveLength(NOTIFICATIONS_KEPT);
    expect(state.items[0]!.id).toBe(`n${NOTIFICATIONS_KEPT + 4}`);
    expect(state.unread).toBe(NOTIFICATIONS_KEPT);
    await store.markRead('usr_a', ['n54', 'unknown']);
    expect((await store.state('usr_a')).unread).toBe(NOTIFICATIONS_KEPT - 1);
    await store.markRead('usr_a', 'all');
    expect((await store.state('usr_a')).unread).toBe(0);
    expect((await store.state('usr_b')).items).toEqual([]);
    expect(updates.every((u) => u === 'usr_a')).toBe(true);
  });

  it('claims a key once within its lifetime', async () => {
    let now = 0;
    const store = new MemoryNotificationStore(() => now);
    expect(await store.claim('ord_1@t', 1000)).toBe(true);
    expect(await store.claim('ord_1@t', 1000)).toBe(false);
    now = 1000;
    expect(await store.claim('ord_1@t', 1000)).toBe(true);
  });
});

describe('Notifier', () => {
  const quiet: RealtimeLogger = { info() {}, warn() {}, error() {}, debug() {} };
  // Status changes only: nothing here needs the backend.
  const backend = {
    call: () => Promise.reject(new Error('the backend is not asked')),
  } as unknown as BackendCaller;

  it("leaves a follower out of their own change when someone else's write followed it before it was handled", async () => {
    const log = new MemoryChangeEventLog();
    const writes = new MemoryOwnWriteStore();
    const ownWrites = new OwnWrites({ log, store: writes, backend, logger: quiet });
    const store = new MemoryNotificationStore();
    const notifier = new Notifier({
      events: log,
      store,
      backend,
      serviceToken: 'service',
      logger: quiet,
      writerOf: (uid, updatedAt) => ownWrites.writerOf(uid, updatedAt),
    });
    notifier.start();
    await store.follow('usr_b', 'ord_1', true, 100);
    const version = (status: string, updatedAt: string) =>
      makeOrder({
        uid: 'ord_1',
        updated_at: updatedAt,
        aggregated_status: { key: status, date: updatedAt },
      });
    const mine = version('waiting_for_courier', '2026-11-27T10:00:00Z');
    const theirs = version('shipping_in_transit', '2026-11-27T10:00:01Z');
    // B's write and then A's are both recorded before the notifier gets to B's.
    const record = (byUid: string, order: typeof mine) =>
      writes.put({
        uid: order.uid,
        by: byUid,
        byUid,
        what: { kind: 'update' },
        at: Date.now(),
        updatedAt: order.updated_at,
      });
    await record('usr_b', mine);
    await record('usr_a', theirs);
    await log.appendWrite({ orders: [mine], inbounds: [], at: Date.now() });
    await log.appendWrite({ orders: [theirs], inbounds: [], at: Date.now() });
    await notifier.idle();
    const centre = await store.state('usr_b');
    expect(centre.items.map((item) => item.text)).toEqual(['Status is now In Transit']);
    await notifier.close();
  });
});
