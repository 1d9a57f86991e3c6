import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DataSection, DataStore } from '../storage/data-store.js';
import { MemoryNotificationStore } from './notification-store.js';

let dataDir: string;
let data: DataStore | null = null;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'waybill-notifications-'));
});
afterEach(async () => {
  await data?.close();
  data = null;
  await rm(dataDir, { recursive: true, force: true });
});

/** The store as a gateway (re)start opens it. */
async function start() {
  await data?.close();
  data = await DataStore.open(dataDir);
  return MemoryNotificationStore.open(data.section('notifications'));
}

const item = (id: string) => ({
  id,
  kind: 'changed' as const,
  orderUid: 'ord_1',
  reference: '#1001',
  text: 'Status is now Lost',
  at: 1_000,
});

describe('MemoryNotificationStore on the embedded store: what a restart keeps', () => {
  it('keeps centres with what was read, follows, what was seen of an order and the team rosters', async () => {
    const before = await start();
    await before.follow('usr_a', 'ord_1', true, 10);
    await before.follow('usr_b', 'ord_1', true, 10);
    await before.follow('usr_a', 'ord_2', true, 10);
    await before.follow('usr_a', 'ord_2', false, 10);
    await before.setSeen('ord_1', { status: 'lost', comments: 2 });
    await before.joinTeam('usr_a', 'development');
    await before.joinTeam('usr_b', 'development');
    await before.joinTeam('usr_b', 'non-technical');
    await before.push('usr_a', item('n1'));
    await before.push('usr_a', item('n2'));
    await before.markRead('usr_a', ['n1']);

    const after = await start();
    expect(await after.isFollowing('usr_a', 'ord_1')).toBe(true);
    expect(await after.isFollowing('usr_a', 'ord_2')).toBe(false);
    expect((await after.followersOf('ord_1')).sort()).toEqual(['usr_a', 'usr_b']);
    expect(await after.seen('ord_1')).toEqual({ status: 'lost', comments: 2 });
    expect(await after.teamMembers('development')).toEqual(['usr_a']);
    expect(await after.teamMembers('non-technical')).toEqual(['usr_b']);
    const { items, unread } = await after.state('usr_a');
    expect(items.map((i) => [i.id, i.read])).toEqual([
      ['n2', false],
      ['n1', true],
    ]);
    expect(unread).toBe(1);
  });

  it('forgets what was seen of an order nobody follows any more, and skips what does not read', async () => {
    const before = await start();
    await before.follow('usr_a', 'ord_1', true, 10);
    await before.setSeen('ord_1', { status: 'lost', comments: 2 });
    await before.follow('usr_a', 'ord_1', false, 10);
    await data!.section('notifications').put('centre:usr_x', '{not json');
    await data!.section('notifications').put('follows:usr_y', JSON.stringify({ not: 'a list' }));

    const after = await start();
    expect(await after.seen('ord_1')).toBeNull();
    expect((await after.state('usr_x')).items).toEqual([]);
    expect(await after.isFollowing('usr_y', 'ord_1')).toBe(false);
  });
});

describe('MemoryNotificationStore: what changes nothing writes nothing', () => {
  /** The store on a section whose writes are counted. */
  async function counted() {
    data = await DataStore.open(dataDir);
    const section = data.section('notifications');
    const writes: string[] = [];
    const spied: DataSection = {
      ...section,
      iterator: () => section.iterator(),
      put: (key, value) => {
        writes.push(`put ${key}`);
        return section.put(key, value);
      },
      del: (key) => {
        writes.push(`del ${key}`);
        return section.del(key);
      },
    };
    const updates: string[] = [];
    const store = await MemoryNotificationStore.open(spied);
    store.onUpdate((userUid) => updates.push(userUid));
    return { store, writes, updates };
  }

  it('an unfollow of an order not followed, and a second follow, write nothing', async () => {
    const { store, writes } = await counted();
    await store.follow('usr_a', 'ord_1', false, 10);
    expect(writes).toEqual([]);
    await store.follow('usr_a', 'ord_1', true, 10);
    expect(writes).toEqual(['put follows:usr_a']);
    writes.length = 0;
    await store.follow('usr_a', 'ord_1', true, 10);
    await store.follow('usr_a', 'ord_1', false, 10);
    await store.follow('usr_a', 'ord_1', false, 10);
    expect(writes).toEqual(['put follows:usr_a', 'del seen:ord_1']);
  });

  it('marking read what is read already, or not in the centre, writes and tells nothing', async () => {
    const { store, writes, updates } = await counted();
    await store.markRead('usr_a', 'all');
    await store.push('usr_a', item('n1'));
    await store.push('usr_a', item('n2'));
    await store.markRead('usr_a', ['n1']);
    writes.length = 0;
    updates.length = 0;
    await store.markRead('usr_a', ['n1']);
    await store.markRead('usr_a', ['gone']);
    expect(writes).toEqual([]);
    await store.markRead('usr_a', 'all');
    expect(writes).toEqual(['put centre:usr_a']);
    await store.markRead('usr_a', 'all');
    expect(writes).toEqual(['put centre:usr_a']);
    expect(updates).toEqual(['usr_a']);
    expect((await store.state('usr_a')).unread).toBe(0);
  });
});
