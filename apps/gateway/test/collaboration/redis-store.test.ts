import { NOTIFICATIONS_KEPT } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FollowLimitError } from '../../src/notifications/notification-store.js';
import {
  notificationKeys,
  RedisNotificationStore,
} from '../../src/notifications/redis-notification-store.js';
import { type RedisServer, startRedis } from '../scale/redis-server.js';

const logger = { info() {}, warn() {}, error() {}, debug() {} };

describe('RedisNotificationStore on a real redis-server', () => {
  let server: RedisServer;
  const store = () => {
    const redis = server.connect();
    const subscriber = server.connect();
    return new RedisNotificationStore({ redis, subscriber, keys: notificationKeys('test:'), logger });
  };

  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps the newest 50 with their read marks, tells every store of the change, drops the rest', async () => {
    const one = store();
    const two = store();
    await Promise.all([one.whenReady(), two.whenReady()]);
    const heard: string[] = [];
    two.onUpdate((u) => heard.push(u));
    for (let i = 0; i < NOTIFICATIONS_KEPT; i++)
      await one.push('usr_a', {
        id: `n${i}`,
        kind: 'changed',
        orderUid: 'ord_1',
        reference: 'R1',
        text: 't',
        at: i,
      });
    await one.markRead('usr_a', ['n0', 'n1', 'not-there']);
    let state = await two.state('usr_a');
    expect(state.items).toHaveLength(NOTIFICATIONS_KEPT);
    expect(state.unread).toBe(NOTIFICATIONS_KEPT - 2);
    // Two more push n0 and n1 (read) off the end: their read marks go too.
    await one.push('usr_a', {
      id: 'x1',
      kind: 'escalated',
      orderUid: 'ord_2',
      reference: null,
      text: 'e',
      at: 99,
    });
    await one.push('usr_a', {
      id: 'x2',
      kind: 'changed',
      orderUid: 'ord_2',
      reference: null,
      text: 'c',
      at: 100,
    });
    state = await two.state('usr_a');
    expect(state.items.map((i) => i.id).slice(0, 2)).toEqual(['x2', 'x1']);
    expect(state.items.some((i) => i.id === 'n0' || i.id === 'n1')).toBe(false);
    expect(state.unread).toBe(NOTIFICATIONS_KEPT);
    expect(await server.connect().sismember('test:notifications-read:usr_a', 'n0')).toBe(0);
    await expect.poll(() => heard.length).toBeGreaterThanOrEqual(NOTIFICATIONS_KEPT + 3);
  });

  it('caps follows atomically under concurrent tabs, per user', async () => {
    const s = store();
    const results = await Promise.allSettled(
      ['o1', 'o2', 'o3', 'o4', 'o5'].map((o) => s.follow('usr_b', o, true, 3)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(
      results.filter((r) => r.status === 'rejected' && r.reason instanceof FollowLimitError),
    ).toHaveLength(2);
    const followed = ['o1', 'o2', 'o3', 'o4', 'o5'].filter((_o, i) => results[i]!.status === 'fulfilled');
    expect(await s.followersOf(followed[0]!)).toEqual(['usr_b']);
    await s.follow('usr_b', followed[0]!, false, 3);
    expect(await s.isFollowing('usr_b', followed[0]!)).toBe(false);
    expect(await s.followersOf(followed[0]!)).toEqual([]);
  });

  it('claims a change once across stores', async () => {
    const [a, b] = [store(), store()];
    const claims = await Promise.all([a.claim('ord_1@t1', 10_000), b.claim('ord_1@t1', 10_000)]);
    expect(claims.sort()).toEqual([false, true]);
  });
});
