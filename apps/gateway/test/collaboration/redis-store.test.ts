import { NOTIFICATIONS_KEPT } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('writes and tells nothing for an unfollow of what is not followed, or read marks already there', async () => {
    const [one, two] = [store(), store()];
    await Promise.all([one.whenReady(), two.whenReady()]);
    const heard: string[] = [];
    two.onUpdate((u) => heard.push(u));
    const item = (id: string) => ({
      id,
      kind: 'changed' as const,
      orderUid: 'ord_1',
      reference: null,
      text: 't',
      at: 1,
    });
    await one.push('usr_b', item('b1'));
    await one.markRead('usr_b', ['b1']);
    // A colleague follows ord_9, so what was seen of it is kept; usr_b never followed it.
    await one.follow('usr_c', 'ord_9', true, 10);
    await one.setSeen('ord_9', { status: 'lost', comments: 1 });
    await one.follow('usr_c', 'ord_9', false, 10);
    await one.setSeen('ord_9', { status: 'lost', comments: 1 });
    await one.follow('usr_b', 'ord_9', false, 10);
    expect(await one.seen('ord_9')).toEqual({ status: 'lost', comments: 1 });
    const told = heard.length;
    await one.markRead('usr_b', ['b1']);
    await one.markRead('usr_b', 'all');
    // Pub/sub keeps order: had the marks above been told, they would arrive before this push.
    await one.push('usr_b', item('b2'));
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(told));
    expect(heard.slice(told)).toEqual(['usr_b']);
  });

  it('folds a notification into the newest unread one the fold takes, moved to the top under its id', async () => {
    const one = store();
    await one.whenReady();
    const note = (id: string, text: string) => ({
      id,
      kind: 'mentioned' as const,
      orderUid: 'ord_1',
      reference: null,
      text,
      at: 1,
    });
    const fold = (kept: { text: string; read: boolean }) =>
      kept.text.startsWith('olivia') ? { ...note('new', 'olivia again'), count: 2 } : null;
    await one.push('usr_f', note('o1', 'olivia'));
    await one.push('usr_f', note('s1', 'sam'));
    await one.push('usr_f', note('o2', 'olivia folded'), fold);
    expect((await one.state('usr_f')).items.map((n) => [n.id, n.text, n.count, n.read])).toEqual([
      ['o1', 'olivia again', 2, false],
      ['s1', 'sam', undefined, false],
    ]);
    // A read one is never folded into: the new one is added.
    await one.markRead('usr_f', ['o1']);
    await one.push('usr_f', note('o3', 'olivia later'), fold);
    expect((await one.state('usr_f')).items.map((n) => n.id)).toEqual(['o3', 'o1', 's1']);
  });
});
