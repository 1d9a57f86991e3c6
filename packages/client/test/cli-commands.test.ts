/** `waybill` commands as a user runs them, against a real backend-sim + gateway. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ORDERS_FILTER } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSession } from '../src/cli/config-file.js';
import { createWaybillClient, type WaybillClient } from '../src/index.js';
import { cliEnv, type Stack, startStack, waybill } from './cli-stack.js';
import { closedUrl, proxyTo } from './fake-gateways.js';

let stack: Stack;
let config: string;
let token: string;
let client: WaybillClient;
/** Runs waybill with the test's session in WAYBILL_URL and WAYBILL_TOKEN. */
const signedIn = (args: string[]) =>
  waybill(args, cliEnv(config, { WAYBILL_URL: stack.url, WAYBILL_TOKEN: token }));

beforeAll(async () => {
  stack = await startStack();
  token = await stack.token();
  client = createWaybillClient({ url: stack.url, token });
  config = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
}, 60_000);

afterAll(async () => {
  client?.close();
  await stack?.close();
  if (config) await rm(config, { recursive: true, force: true });
});

// Each case starts Node with tsx once or more: seconds on a busy machine.
describe('waybill commands', { timeout: 60_000 }, () => {
  it('refuses an unknown --courier, naming it, and takes either key of the Cargus pair', async () => {
    const wrong = await signedIn(['orders', 'search', '--courier', 'nosuchcourier']);
    expect(wrong.stderr).toMatch(
      /^waybill: Unknown --courier nosuchcourier \(one of: .*\bcargus_ro\b.*\)\n$/,
    );
    expect(wrong.code).toBe(2);
    const urgent = await signedIn(['orders', 'search', '--courier', 'urgent_cargus', '--active', 'all']);
    expect(urgent.code, urgent.stderr).toBe(0);
    const couriers = (JSON.parse(urgent.stdout) as { aggregated_courier: { key: string } | null }[]).map(
      (o) => o.aggregated_courier?.key,
    );
    expect(couriers.length).toBeGreaterThan(0);
    expect(couriers.filter((key) => key !== 'cargus_ro' && key !== 'urgent_cargus')).toEqual([]);
  });

  it('refuses a --fields path no item has below its first name, naming the names there', async () => {
    const result = await signedIn([
      'orders',
      'search',
      '--limit',
      '3',
      '--fields',
      'uid,aggregated_status.kye',
    ]);
    expect(result.stderr).toMatch(
      /^waybill: Unknown field aggregated_status\.kye \(aggregated_status has: .*\bkey\b/,
    );
    expect(result.code).toBe(2);
  });

  it("describes watch's --limit as watch's own, and login's --token as not read from the environment", async () => {
    const watch = await signedIn(['orders', 'watch', '--help']);
    expect(watch.code).toBe(0);
    expect(watch.stdout).toMatch(
      /--limit N\s+follow the first N matching orders live \(default and most 100\)\n/,
    );
    expect(watch.stdout).not.toContain('default 20');
    const login = await signedIn(['login', '--help']);
    expect(login.stdout).toMatch(/--token T\s+store this script token .*\(\$WAYBILL_TOKEN is not read\)\n/);
    expect(login.stdout).not.toContain('default $WAYBILL_TOKEN');
  });

  it('logs out the session of --token at the gateway of --url, leaving a stored other session', async () => {
    const other = await stack.token();
    const own = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
    const file = path.join(own, 'waybill/config.json');
    try {
      await saveSession({ url: await closedUrl(), token }, file);
      const result = await waybill(['logout', '--url', stack.url, '--token', other], cliEnv(own));
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        signedOut: true,
        url: stack.url,
        storedSessionForgotten: false,
      });
      const after = await fetch(`${stack.url}/trpc/users.me`, {
        headers: { authorization: `Bearer ${other}` },
      });
      expect(after.status).toBe(401);
      expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ token });
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('words a refused sign-in for login, not as "run waybill login"', async () => {
    const password = await waybill(
      ['login', '--url', stack.url, '--email', 'ops@example.com', '--password', 'nope'],
      cliEnv(config),
    );
    expect(password.stderr).toMatch(
      /^waybill: Sign-in refused: Wrong e-mail or password \(reference [\w-]+\)\n$/,
    );
    expect(password.code).toBe(3);
    const scriptToken = await waybill(
      ['login', '--url', stack.url, '--token', `wbs_${'x'.repeat(43)}`],
      cliEnv(config),
    );
    expect(scriptToken.stderr).toMatch(/^waybill: The gateway refused this token: /);
    expect(scriptToken.stderr).not.toContain('waybill login');
    expect(scriptToken.code).toBe(3);
  });

  it('comments the order whose whole reference matches, whatever its case', async () => {
    const filter = { activeOrders: 'all' as const, displayPriorities: [] };
    const { orders } = await client.orders.search.query({ filter, window: { skip: 0, limit: 100 } });
    const order = orders.find((o) => /^WB\d+$/.test(o.reference ?? ''))!;
    const result = await signedIn(['orders', 'comment', order.reference!.toLowerCase(), 'Checked the label']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ reference: order.reference, orderUid: order.uid });
  });

  it('refuses an --out it cannot write before asking the gateway anything', async () => {
    // The gateway is one that cannot be reached: the refusal must come before any call.
    const down = await closedUrl();
    const result = await waybill(
      ['inbounds', 'export', 'RCP-1', '--out', '/nonexistent/x.xlsx', '--url', down, '--token', token],
      cliEnv(config),
    );
    expect(result.stderr).toBe(
      'waybill: Cannot write /nonexistent/x.xlsx: the folder /nonexistent does not exist\n',
    );
    expect(result.code).toBe(2);
  });

  it('refuses a folder path, and places no file can be created in, before asking the gateway anything', async () => {
    const down = await closedUrl();
    const exportTo = (out: string) =>
      waybill(['inbounds', 'export', 'RCP-1', '--out', out, '--url', down, '--token', token], cliEnv(config));
    const missing = path.join(config, 'newdir/');
    const folder = await exportTo(missing);
    expect(folder.stderr).toBe(
      `waybill: Cannot write ${missing}: it names a folder (ending in /), not a file\n`,
    );
    expect(folder.code).toBe(2);
    // Asked for write access, these say yes to root; creating a file there fails.
    const proc = await exportTo('/proc/x.xlsx');
    expect(proc.stderr).toMatch(/^waybill: Cannot write \/proc\/x\.xlsx: .+\n$/);
    expect(proc.code).toBe(2);
    const sys = await exportTo('/sys/x.xlsx');
    expect(sys.stderr).toMatch(
      /^waybill: Cannot write \/sys\/x\.xlsx: (permission denied|\/sys is on a read-only file system)\n$/,
    );
    expect(sys.code).toBe(2);
    expect(await readdir(config)).not.toContainEqual(expect.stringMatching(/\.part$/));
  });

  it('refuses an empty --out before asking the gateway anything', async () => {
    const down = await closedUrl();
    const result = await waybill(
      ['inbounds', 'export', 'RCP-1', '--out', '', '--url', down, '--token', token],
      cliEnv(config),
    );
    expect(result.stderr).toBe('waybill: --out needs a file name (got "")\n');
    expect(result.code).toBe(2);
  });

  it("says a comment starting with '-' goes after '--', when refusing it and in the help", async () => {
    const result = await signedIn(['orders', 'comment', 'WB1001', '-5 items missing']);
    expect(result.stderr).toBe(
      `waybill: Unknown option '-5' (a comment starting with '-' goes after '--': waybill orders comment -- WB1001 "-5 items missing")\n`,
    );
    expect(result.code).toBe(2);
    const help = await signedIn(['orders', 'comment', '--help']);
    expect(help.stdout).toContain(`A comment starting with '-' goes after '--', options before it:`);
  });

  it('orders search --all prints each order once while orders move up between its pages', async () => {
    const page = (skip: number) =>
      client.orders.search.query({ filter: DEFAULT_ORDERS_FILTER, window: { skip, limit: 100 } });
    const orders = [...(await page(0)).orders, ...(await page(100)).orders];
    expect(orders.length).toBeGreaterThan(100);
    const edge = orders[99]!;
    // Below the first page, of the priority of its last order: touched, it rises into the first page
    // and pushes that last order onto the second.
    const below = orders.slice(100).find((o) => o.display_priority === edge.display_priority)!;
    let moved = false;
    const proxy = await proxyTo(stack.url, {
      answered(requested) {
        if (moved || !requested.startsWith('/trpc/orders.search')) return;
        moved = true;
        stack.sim.control.changeOrder(below.uid, { late: below.late.is_late });
      },
    });
    try {
      const result = await waybill(
        ['orders', 'search', '--all', '--fields', 'uid'],
        cliEnv(config, { WAYBILL_URL: proxy.url, WAYBILL_TOKEN: token }),
      );
      expect(result.code, result.stderr).toBe(0);
      const uids = (JSON.parse(result.stdout) as { uid: string }[]).map((o) => o.uid);
      expect(moved).toBe(true);
      expect(uids.filter((uid) => uid === edge.uid)).toEqual([edge.uid]);
      expect(new Set(uids).size).toBe(uids.length);
    } finally {
      await proxy.close();
    }
  });
});
