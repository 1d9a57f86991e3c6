import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataStore } from '../storage/data-store.js';
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
