import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSim } from '@waybill/backend-sim';
import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from '../hardening/stack.js';
import { type RunningGateway, startGateway } from '../helpers.js';
import { Browser } from './browser.js';

const DEMO = { email: 'ops@example.com', password: 'waybill-demo' };
const gatewayDir = fileURLToPath(new URL('../..', import.meta.url));

type Sim = Awaited<ReturnType<typeof startSim>>;
let sim: Sim;
let dataDir: string;
const running: RunningGateway[] = [];

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await sim?.close();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((g) => g.close()));
  await rm(dataDir, { recursive: true, force: true });
});

const gatewayOn = async (dir: string) => {
  const gateway = await startGateway({
    BACKEND_URL: sim.url,
    DATA_DIR: dir,
    WEB_DIST: '/nonexistent-web-dist',
  });
  running.push(gateway);
  return gateway;
};

describe('a single-process gateway keeps its sessions in DATA_DIR', () => {
  it('the cookie of a sign-in made before a restart still works after it, over HTTP and the websocket', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'waybill-restart-'));
    const before = await gatewayOn(dataDir);
    const browser = new Browser(before.url);
    expect((await browser.mutate('auth.passwordLogin', DEMO)).status).toBe(200);
    const cookie = browser.cookies.get(AUTH_COOKIE_NAME);
    expect(cookie).toMatch(/^wbs_/);
    await before.close();
    running.splice(running.indexOf(before), 1);

    const after = await gatewayOn(dataDir);
    const again = new Browser(after.url);
    again.cookies.set(AUTH_COOKIE_NAME, String(cookie));
    const session = await again.query('auth.session');
    expect(session.status).toBe(200);
    expect(session.body.result?.data.user).toMatchObject({ email: DEMO.email });
    expect((await again.query('users.me')).status).toBe(200);

    const live = await openSocket(`${after.url.replace('http', 'ws')}/trpc`, again.header());
    live.ws.send(
      JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }),
    );
    const first = (await live.next(
      (m) => (m as { id?: number; result?: { type?: string } }).result?.type === 'data',
    )) as {
      result: { data: { data: { kind: string } } };
    };
    expect(first.result.data.data.kind).toBe('snapshot');
    live.ws.close();
  });

  it('a logout before the restart stays a logout after it', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'waybill-restart-'));
    const before = await gatewayOn(dataDir);
    const browser = new Browser(before.url);
    await browser.mutate('auth.passwordLogin', DEMO);
    const cookie = String(browser.cookies.get(AUTH_COOKIE_NAME));
    expect((await browser.mutate('auth.logout')).status).toBe(200);
    await before.close();
    running.splice(running.indexOf(before), 1);

    const after = await gatewayOn(dataDir);
    const replay = new Browser(after.url);
    replay.cookies.set(AUTH_COOKIE_NAME, cookie);
    expect((await replay.query('auth.session')).body.result?.data.user).toBeNull();
    expect((await replay.query('users.me')).body.error?.data.code).toBe('UNAUTHORIZED');
  });
});

describe('a single-process gateway keeps notification centres and follows in DATA_DIR', () => {
  it('a follow and a notification made before a restart are there after it', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'waybill-restart-'));
    const before = await gatewayOn(dataDir);
    const browser = new Browser(before.url);
    await browser.mutate('auth.passwordLogin', DEMO);
    const orderUid = [...sim.store.orders.keys()][0]!;
    expect((await browser.mutate('notifications.follow', { orderUid, follow: true })).status).toBe(200);
    const { user } = (await browser.query('users.me')).body.result!.data as { user: { uid: string } };
    await before.app.services.collaboration.notifications.push(user.uid, {
      id: 'ntf_restart',
      kind: 'changed',
      orderUid,
      reference: null,
      text: 'Status is now Lost',
      at: Date.now(),
    });
    await before.close();
    running.splice(running.indexOf(before), 1);

    const after = await gatewayOn(dataDir);
    const again = new Browser(after.url);
    again.cookies.set(AUTH_COOKIE_NAME, String(browser.cookies.get(AUTH_COOKIE_NAME)));
    expect((await again.query('notifications.following', { orderUid })).body.result?.data).toEqual({
      following: true,
    });
    const centre = await after.app.services.collaboration.notifications.state(user.uid);
    expect(centre.items.map((i) => i.id)).toEqual(['ntf_restart']);
  });
});

describe('an unusable DATA_DIR stops the start with a message naming it', () => {
  it('a DATA_DIR that is a file', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'waybill-bad-data-'));
    const file = join(dataDir, 'not-a-directory');
    await writeFile(file, 'x');
    await expect(gatewayOn(file)).rejects.toThrow(
      new RegExp(`DATA_DIR="${file}": cannot be used as a directory`),
    );
  });

  it('a DATA_DIR another gateway process holds', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'waybill-bad-data-'));
    await gatewayOn(dataDir);
    await expect(gatewayOn(dataDir)).rejects.toThrow(/DATA_DIR=.*is in use by another gateway process/);
  });

  it('a corrupt store: the process exits 1 with the message and no stack trace', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'waybill-bad-data-'));
    // LevelDB's pointer to its current manifest, overwritten with garbage (as a bad disk would).
    await mkdir(join(dataDir, 'gateway-store'), { recursive: true });
    await writeFile(join(dataDir, 'gateway-store', 'CURRENT'), Buffer.from([0xde, 0xad, 0xbe, 0xef]));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: gatewayDir,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BACKEND_URL: sim.url, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`DATA_DIR=${JSON.stringify(dataDir)}: its store is corrupt`);
    expect(stderr).toContain('move it away to start with an empty one');
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});
