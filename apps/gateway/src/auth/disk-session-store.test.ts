import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataStore } from '../storage/data-store.js';
import { DiskSessionStore } from './disk-session-store.js';
import { sessionKey } from './session-expiry.js';

const MINUTE = 60_000;
const IDLE_MS = 60 * MINUTE;
const quiet = { warn: () => undefined };

let dataDir: string;
let now: number;
const open: Array<{ data: DataStore; sessions: DiskSessionStore }> = [];

/** The store as a gateway (re)start opens it, on the test's clock. */
async function start() {
  const data = await DataStore.open(dataDir);
  const sessions = await DiskSessionStore.open(data, { idleMs: IDLE_MS, logger: quiet, now: () => now });
  open.push({ data, sessions });
  return sessions;
}

/** A gateway stop: pending writes finish, the store closes. */
async function stop() {
  const last = open.pop();
  await last?.sessions.close();
  await last?.data.close();
}

const record = (expiresAt: number) => ({ token: 'wbt_backend', createdAt: now, expiresAt });

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'waybill-sessions-'));
  now = 1_700_000_000_000;
});
afterEach(async () => {
  while (open.length > 0) await stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('sessions on disk', () => {
  it('keep their idle timeout and absolute end across a restart', async () => {
    let sessions = await start();
    await sessions.create('wbs_busy', record(now + 3 * IDLE_MS));
    await sessions.create('wbs_idle', record(now + 3 * IDLE_MS));
    now += IDLE_MS / 2;
    expect(await sessions.resolve('wbs_busy')).toMatchObject({ token: 'wbt_backend' });
    await stop();

    sessions = await start();
    now += IDLE_MS / 2 + 1;
    // Used half-way: its idle timeout restarted then. Unused: idle too long.
    expect(await sessions.resolve('wbs_busy')).toMatchObject({ token: 'wbt_backend' });
    expect(await sessions.resolve('wbs_idle')).toBeNull();
    // However busy, a session ends at its absolute end.
    for (let i = 0; i < 4; i++) {
      now += IDLE_MS / 2;
      await sessions.resolve('wbs_busy');
    }
    expect(await sessions.resolve('wbs_busy')).toBeNull();
  });

  it('write a new idle deadline only once it moved by more than a minute, not on every request', async () => {
    let sessions = await start();
    await sessions.create('wbs_reader', record(now + 3 * IDLE_MS));
    const created = now;
    for (let i = 0; i < 50; i++) {
      now += 1000;
      expect(await sessions.resolve('wbs_reader')).not.toBeNull();
    }
    await stop();
    // Nothing was written for those 50 reads: after a restart the deadline is still the sign-in's.
    sessions = await start();
    now = created + IDLE_MS + 1;
    expect(await sessions.resolve('wbs_reader')).toBeNull();
  });

  it('a logout right after a read that moved the idle deadline stays a logout', async () => {
    let sessions = await start();
    await sessions.create('wbs_out', record(now + 3 * IDLE_MS));
    now += 10 * MINUTE;
    await sessions.resolve('wbs_out');
    await sessions.revoke('wbs_out');
    expect(await sessions.resolve('wbs_out')).toBeNull();
    await stop();
    sessions = await start();
    expect(await sessions.resolve('wbs_out')).toBeNull();
  });

  it('a use right after one that moved the idle deadline sees the new deadline, its write still on the way', async () => {
    const sessions = await start();
    await sessions.create('wbs_steady', record(now + 3 * IDLE_MS));
    // Each use lands past the deadline the one before it found, but within the one it set.
    for (let i = 0; i < 3; i++) {
      now += (IDLE_MS * 3) / 5;
      expect(await sessions.resolve('wbs_steady'), `use ${i + 1}`).toMatchObject({ token: 'wbt_backend' });
    }
  });

  it('tell their listeners about a logout', async () => {
    const sessions = await start();
    await sessions.create('wbs_heard', record(now + IDLE_MS));
    const heard: string[] = [];
    sessions.onRevoked((key) => heard.push(key));
    await sessions.revoke('wbs_heard');
    expect(heard).toEqual([sessionKey('wbs_heard')]);
  });

  it('keep a used sign-in state used across a restart, until its time is up', async () => {
    let sessions = await start();
    const [first, second] = await Promise.all([
      sessions.claimOnce('nonce-1', 10 * MINUTE),
      sessions.claimOnce('nonce-1', 10 * MINUTE),
    ]);
    expect([first, second].sort()).toEqual([false, true]);
    await stop();
    sessions = await start();
    expect(await sessions.claimOnce('nonce-1', 10 * MINUTE)).toBe(false);
    now += 10 * MINUTE;
    expect(await sessions.claimOnce('nonce-1', 10 * MINUTE)).toBe(true);
  });

  it('are stored under a digest of the id, never the id itself', async () => {
    const sessions = await start();
    await sessions.create('wbs_secret', record(now + IDLE_MS));
    const keys: string[] = [];
    for await (const key of open[0]!.data.section('sessions').keys()) keys.push(key);
    expect(keys).toEqual([sessionKey('wbs_secret')]);
  });

  it('refuse to start on a record that is not a session, naming DATA_DIR and what to do', async () => {
    const data = await DataStore.open(dataDir);
    await data.section('sessions').put('bad', '{"t": 1');
    await expect(
      DiskSessionStore.open(data, { idleMs: IDLE_MS, logger: quiet, now: () => now }),
    ).rejects.toThrow(
      `DATA_DIR=${JSON.stringify(dataDir)}: its store holds 1 unreadable session record(s): restore it from a backup`,
    );
    await data.close();
  });
});
