import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PerUserLock } from '../scale/per-user-lock.js';
import { DataStore } from '../storage/data-store.js';
import { DiskSessionStore } from './disk-session-store.js';
import { DiskScriptTokenStore } from './script-token-store.js';
import { ScriptTokens } from './script-tokens.js';

const DAY = 86_400_000;
const quiet = { warn: () => undefined };

let dataDir: string;
let now: number;
let data: DataStore;
let sessions: DiskSessionStore;

/** A gateway (re)start on the test's clock: the same DATA_DIR, a session idle timeout of one hour. */
async function start() {
  data = await DataStore.open(dataDir);
  sessions = await DiskSessionStore.open(data, { idleMs: DAY / 24, logger: quiet, now: () => now });
  return new ScriptTokens({
    sessions,
    store: new DiskScriptTokenStore(data.section('script-tokens')),
    ttlDays: 90,
    maxLifetimeMs: 365 * DAY,
    maxPerUser: 20,
    lock: new PerUserLock(),
    logger: quiet,
    now: () => now,
  });
}

async function stop() {
  await sessions.close();
  await data.close();
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'waybill-script-tokens-'));
  now = 1_700_000_000_000;
});
afterEach(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('script tokens on disk', () => {
  it('live past the session idle timeout and across a restart, until SCRIPT_TOKEN_TTL_DAYS', async () => {
    let tokens = await start();
    const { token } = await tokens.create('user-1', 'weekly', 'wbt_backend');
    now += 30 * DAY;
    expect((await sessions.resolve(token))?.token).toBe('wbt_backend');
    await stop();
    tokens = await start();
    now += 59 * DAY;
    expect((await sessions.resolve(token))?.owner).toBe('user-1');
    expect(await tokens.list('user-1')).toHaveLength(1);
    now += 2 * DAY;
    expect(await sessions.resolve(token)).toBeNull();
    expect(await tokens.list('user-1')).toEqual([]);
  });

  it('keeps only a digest of the token on disk', async () => {
    const tokens = await start();
    const { token } = await tokens.create('user-1', 'weekly', 'wbt_backend');
    const stored: string[] = [];
    for await (const [key, value] of data.section('script-tokens').iterator()) stored.push(key, value);
    for await (const [key, value] of data.section('sessions').iterator()) stored.push(key, value);
    expect(stored.join('\n')).not.toContain(token);
    expect(stored.join('\n')).not.toContain(token.slice(4));
  });
});
