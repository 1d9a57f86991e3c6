/**
 * The published package, as a user outside the monorepo gets it: `pnpm pack`, `npm install` of the
 * tarball into an empty folder (registry packages only, from the npm cache the set-up step filled), a TypeScript 5 script type-checked and run
 * against a real backend-sim + gateway, and every `waybill` command.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import { DEFAULT_ORDERS_FILTER, setLateMode, statusesOfGroup } from '@waybill/contracts';
import { buildApp, loadConfig } from '@waybill/gateway';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSUMER_TOOLS, npmEnv } from '../scripts/consumer-cache.mjs';
import { installPackedClient, npmInstallOffline, run } from '../scripts/packed-install.mjs';
import { signInWithPassword, type WaybillClient } from '../src/index.js';
import { consoleScriptToken } from './cli-stack.js';

const here = fileURLToPath(new URL('..', import.meta.url));
const repo = path.resolve(here, '../..');

/** Bytes on disk under `dir`, as `du` counts them (allocated blocks). */
async function diskUsage(dir: string): Promise<number> {
  let total = (await stat(dir)).blocks * 512;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await diskUsage(full);
    else total += (await stat(full)).blocks * 512;
  }
  return total;
}

let sim: RunningSim;
let app: Awaited<ReturnType<typeof buildApp>>;
let url: string;
let consumer: string;
let tarball: string;
let removeInstall: (() => Promise<void>) | undefined;
let client: WaybillClient;
let dataDir: string;

/** The gateway on `port` (0: any); the same DATA_DIR each time, so a restart keeps its sessions. */
async function startGateway(port: number): Promise<void> {
  app = await buildApp(
    loadConfig({
      BACKEND_URL: sim.url,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      // Export checks every 100 ms instead of 2 s keep the test short.
      EXPORT_CHECK_MS: '100',
      // Its own data folder: another gateway on this machine may hold the default one.
      DATA_DIR: dataDir,
    }),
    { logger: false },
  );
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'waybill-gateway-data-'));
  sim = await startSim({ port: 0, tickMs: 0, orders: 400, inbounds: 30, stores: 20 });
  await startGateway(0);
  client = (await signInWithPassword({ url, email: 'ops@example.com', password: 'waybill-demo' })).client;

  const packed = await installPackedClient(CONSUMER_TOOLS);
  ({ consumer, tarball } = packed);
  removeInstall = packed.remove;
}, 240_000);

afterAll(async () => {
  client?.close();
  await app?.close();
  await sim?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await removeInstall?.();
});

describe('the packed tarball', () => {
  it('installs outside the repo with JS, bundled types and no workspace package', async () => {
    expect(consumer.startsWith(repo)).toBe(false);
    const pkgDir = path.join(consumer, 'node_modules/@waybill/client');
    const pkg = JSON.parse(await readFile(path.join(pkgDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['ws', 'zod']);
    expect((await readdir(path.join(pkgDir, 'dist'))).sort()).toEqual(['cli.js', 'index.d.ts', 'index.js']);
    const installed = await readdir(path.join(consumer, 'node_modules/@waybill'));
    expect(installed).toEqual(['client']);
    for (const file of ['index.d.ts', 'index.js', 'cli.js']) {
      const text = await readFile(path.join(pkgDir, 'dist', file), 'utf8');
      expect(text).not.toContain('@waybill/');
    }
    const types = await readFile(path.join(pkgDir, 'dist/index.d.ts'), 'utf8');
    expect(types).toMatch(/type AppRouter\b/);
  });

  it('installs light: at most 10 MB and no TypeScript compiler among what npm adds', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'waybill-bare-'));
    try {
      await writeFile(path.join(bare, 'package.json'), JSON.stringify({ name: 'bare', private: true }));
      const installed = await npmInstallOffline(bare, [tarball]);
      expect(installed.code, installed.stderr).toBe(0);
      const modules = path.join(bare, 'node_modules');
      expect(await readdir(modules)).not.toContain('typescript');
      expect(await readdir(modules)).not.toContain('@trpc');
      const size = await diskUsage(modules);
      // What `du -sh node_modules` says in a consumer folder, for the package's notes.
      console.log(`installed size: ${(size / 1024 / 1024).toFixed(1)} MB`);
      expect(size).toBeLessThanOrEqual(10 * 1024 * 1024);
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  }, 120_000);

  // TypeScript 5's compiler, in JS: a minute or more on a busy machine.
  it('type-checks every TypeScript block of the package README, and the example, against the installed package', async () => {
    const readme = await readFile(path.join(here, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```(?:ts|typescript)\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    const dir = path.join(consumer, 'readme');
    await mkdir(dir, { recursive: true });
    const files = blocks.map((_, i) => `block-${i + 1}.ts`);
    for (const [i, code] of blocks.entries()) {
      // A block without import or export is a script; top-level await needs a module.
      const text = /^(import|export)\b/m.test(code) ? code : `${code}\nexport {};\n`;
      await writeFile(path.join(dir, files[i]!), text);
    }
    // The example needs nothing but the package: its one import from the repository is the package.
    const example = await readFile(path.join(here, 'examples/late-orders.ts'), 'utf8');
    expect(example.match(/^(?:import .*|\}) from '[^']+'/gm)?.map((line) => line.split(' from ')[1])).toEqual(
      ["'node:url'", "'../src/index.js'"],
    );
    await writeFile(
      path.join(dir, 'late-orders.ts'),
      example.replace("from '../src/index.js'", "from '@waybill/client'"),
    );
    files.push('late-orders.ts');
    const compilerOptions = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      skipLibCheck: false,
      types: ['node'],
      noEmit: true,
    };
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
    const tsc = await run(
      process.execPath,
      [path.join(consumer, 'node_modules/typescript/bin/tsc'), '-p', '.'],
      {
        cwd: dir,
      },
    );
    expect(tsc.stdout).toBe('');
    expect(tsc.code).toBe(0);
  }, 180_000);

  it('type-checks a TypeScript 5 script with real inference, and runs it against the gateway', async () => {
    for (const file of ['example.ts', 'negative.ts', 'tsconfig.json'])
      await copyFile(path.join(here, 'test/consumer', file), path.join(consumer, file));
    const tsc = await run(
      process.execPath,
      [path.join(consumer, 'node_modules/typescript/bin/tsc'), '-p', '.'],
      {
        cwd: consumer,
      },
    );
    const errors = tsc.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    // example.ts compiles (its @ts-expect-error lines are all needed); negative.ts fails exactly
    // where the directives were: wrong input type, unknown procedure, missing field.
    expect(errors.filter((line) => !line.startsWith('negative.ts'))).toEqual([]);
    expect(
      errors.map((line) =>
        line
          .match(/^negative\.ts\((\d+),\d+\): error (TS\d+)/)
          ?.slice(1)
          .join(' '),
      ),
    ).toEqual(['5 TS2322', '6 TS2339', '7 TS2345']);
    const script = await run(process.execPath, [path.join(consumer, 'out/example.js')], {
      cwd: consumer,
      env: { ...process.env, WAYBILL_URL: url },
    });
    expect(script.stderr).toBe('');
    expect(script.code).toBe(0);
    const printed = JSON.parse(script.stdout) as {
      name: string;
      count: number;
      references: string[];
      live: string;
    };
    expect(printed).toMatchObject({ name: 'Olivia Ops', live: 'snapshot' });
    expect(printed.count).toBeGreaterThan(0);
  }, 180_000);
});

// Each case starts the installed command one or more times, a Node process each: seconds on a busy machine.
describe('the waybill command', { timeout: 60_000 }, () => {
  let config: string;
  const waybill = (args: string[], input?: string, xdg = config) =>
    run(path.join(consumer, 'node_modules/.bin/waybill'), args, {
      cwd: consumer,
      env: { ...npmEnv({ XDG_CONFIG_HOME: xdg }), WAYBILL_URL: '' },
      ...(input === undefined ? {} : { input }),
    });

  beforeAll(async () => {
    config = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
  });
  afterAll(async () => {
    await rm(config, { recursive: true, force: true });
  });

  it('logs in with the password from stdin and stores the session with mode 0600', async () => {
    const result = await waybill(['login', '--url', url, '--email', 'ops@example.com'], 'waybill-demo\n');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ signedIn: true, user: 'Olivia Ops' });
    const file = path.join(config, 'waybill/config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(await readFile(file, 'utf8')) as { url: string; token: string };
    expect(stored.url).toBe(url);
    expect(stored.token).toMatch(/^wbs_/);
  });

  it('refuses a wrong password with a message and no stack', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
    const result = await waybill(
      ['login', '--url', url, '--email', 'ops@example.com', '--password', 'nope'],
      undefined,
      other,
    );
    expect(result.code).toBe(3);
    // One line, naming the gateway's request id to find the call in its logs; never a stack.
    expect(result.stderr).toMatch(/^waybill: .*Wrong e-mail or password.*\(reference [\w-]+\)\n$/);
    await expect(stat(path.join(other, 'waybill/config.json'))).rejects.toThrow();
    await rm(other, { recursive: true, force: true });
  });

  it('names a gateway it cannot reach', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const down = `http://127.0.0.1:${port}`;
    const result = await waybill(['login', '--url', down, '--email', 'ops@example.com', '--password', 'x']);
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(`waybill: Cannot reach the gateway at ${down} (ECONNREFUSED)\n`);
  });

  it('searches late cargus orders as JSON and as a table', async () => {
    const json = await waybill(['orders', 'search', '--late', '--courier', 'cargus_ro', '--limit', '50']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const orders = JSON.parse(json.stdout) as { uid: string; reference: string }[];
    // Same answer as the console's late mode with the Cargus courier (its urgent twin added).
    const filter = { ...setLateMode(DEFAULT_ORDERS_FILTER, true), courierKeys: ['cargus_ro'] };
    const expected = await client.orders.search.query({ filter, window: { skip: 0, limit: 50 } });
    expect(expected.orders.length).toBeGreaterThan(0);
    expect(orders.map((o) => o.uid)).toEqual(expected.orders.map((o) => o.uid));

    const table = await waybill([
      'orders',
      'search',
      '--late',
      '--courier',
      'cargus_ro',
      '--limit',
      '50',
      '--table',
    ]);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^reference\s+uid\s+status\s+courier\s+tracking\s+priority\s+created$/);
    expect(lines).toHaveLength(orders.length + 2);
    expect(lines[2]).toContain(orders[0]!.uid);
  });

  it('refuses bad search flags before calling the gateway', async () => {
    const limit = await waybill(['orders', 'search', '--limit', '0']);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toBe(
      'waybill: --limit must be a whole number from 1 to 10000, the most the gateway lists for one filter (got "0")\n',
    );
    const group = await waybill(['orders', 'search', '--status-group', 'nope']);
    expect(group.code).toBe(2);
    expect(group.stderr).toMatch(/^waybill: Unknown --status-group nope \(one of: errors, /);
    const unknown = await waybill(['orders', 'search', '--colour', 'red']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe("waybill: Unknown option '--colour' (see `waybill --help`)\n");
    const both = await waybill(['orders', 'search', '--limit', '5', '--all']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('waybill: Give --limit or --all, not both\n');
    const field = await waybill(['orders', 'search', '--limit', '1', '--fields', 'uid,colour']);
    expect(field.code).toBe(2);
    expect(field.stderr).toMatch(/^waybill: Unknown field colour \(fields: .*\buid\b/);
  });

  it('filters by status group and reference', async () => {
    const { orders } = await client.orders.search.query({
      filter: { activeOrders: 'all' },
      window: { skip: 0, limit: 1 },
    });
    const reference = orders[0]!.reference!;
    const result = await waybill(['orders', 'search', '--reference', reference, '--active', 'all']);
    expect(result.code).toBe(0);
    const found = JSON.parse(result.stdout) as { reference: string }[];
    expect(found.map((o) => o.reference)).toContain(reference);
    const errors = await waybill([
      'orders',
      'search',
      '--status-group',
      'errors',
      '--active',
      'all',
      '--limit',
      '100',
    ]);
    expect(errors.code).toBe(0);
    const statuses = (JSON.parse(errors.stdout) as { aggregated_status: { key: string } }[]).map(
      (o) => o.aggregated_status.key,
    );
    expect(statuses.length).toBeGreaterThan(0);
    const group = statusesOfGroup('errors');
    expect(statuses.filter((s) => !group.includes(s))).toEqual([]);
  });

  it('comments an order found by its reference, and refuses an unknown reference', async () => {
    const { orders } = await client.orders.search.query({
      filter: { activeOrders: 'all' },
      window: { skip: 0, limit: 1 },
    });
    const order = orders[0]!;
    const text = `Called the courier (${Date.now()})`;
    const result = await waybill(['orders', 'comment', order.reference!, text]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ orderUid: order.uid });
    const after = await client.orders.search.query({
      filter: { reference: order.reference!, activeOrders: 'all', displayPriorities: [] },
    });
    expect(JSON.stringify(after.comments)).toContain(text);

    const missing = await waybill(['orders', 'comment', 'NO-SUCH-REF-42', 'hello there']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toBe('waybill: No order has the reference "NO-SUCH-REF-42"\n');
  });

  it('exports an inbound by its reception to a real .xlsx, with plain progress lines off a TTY', async () => {
    const { inventory_receipts } = await client.inbounds.search.query({});
    const reception = inventory_receipts[0]!.name;
    const out = path.join(consumer, 'exports', 'inbound.xlsx');
    await mkdir(path.dirname(out), { recursive: true });
    const result = await waybill(['inbounds', 'export', reception, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ reception, file: out });
    expect(result.stderr).toMatch(new RegExp(`^${reception}: \\d+%\\n`));
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(`${reception}: 100%`);
    const bytes = await readFile(out);
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.length).toBeGreaterThan(0);
  }, 60_000);

  it('lists the stores needing attention with their reasons, and exits 6 when there are any', async () => {
    const expected = await client.clients.health.query();
    // The simulated stores include some whose orders stopped or fell: the exit code is the signal.
    expect(expected.stores.length).toBeGreaterThan(0);
    const result = await waybill(['clients', 'health']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(6);
    const printed = JSON.parse(result.stdout) as { checked: number; truncated: boolean; stores: unknown[] };
    expect(printed.checked).toBe(expected.checked);
    expect(printed.truncated).toBe(expected.truncated);
    expect(printed.stores).toEqual(
      expected.stores.map((s) => ({ uid: s.uid, store: s.name, reasons: s.reasons, reason: s.reasonText })),
    );
    const table = await waybill(['clients', 'health', '--table']);
    expect(table.code, table.stderr).toBe(6);
    expect(table.stdout.split('\n')[0]).toMatch(/^uid\s+store\s+reason$/);
    const kinds = await waybill(['clients', 'health', '--fields', 'uid,reasons.0.kind']);
    expect(kinds.code).toBe(6);
    expect(JSON.parse(kinds.stdout)).toEqual(
      expected.stores.map((s) => ({ uid: s.uid, 'reasons.0.kind': s.reasons[0]!.kind })),
    );
    const wrong = await waybill(['clients', 'health', 'extra']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe(
      'waybill: Usage: waybill clients health [options] (see `waybill clients health --help`)\n',
    );
  });

  it('exits 0 from clients health when no store needs attention', async () => {
    const quiet = await startSim({ port: 0, tickMs: 0, orders: 10, inbounds: 1, stores: 0 });
    const other = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
    // A second gateway beside the first needs a data folder of its own.
    const quietApp = await buildApp(
      loadConfig({
        BACKEND_URL: quiet.url,
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        DATA_DIR: path.join(other, 'gateway-data'),
      }),
      { logger: false },
    );
    try {
      await quietApp.listen({ port: 0, host: '127.0.0.1' });
      const { port } = quietApp.server.address() as AddressInfo;
      const quietUrl = `http://127.0.0.1:${port}`;
      const signedIn = await waybill(
        ['login', '--url', quietUrl, '--email', 'ops@example.com', '--password', 'waybill-demo'],
        undefined,
        other,
      );
      expect(signedIn.code, signedIn.stderr).toBe(0);
      const result = await waybill(['clients', 'health'], undefined, other);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ stores: [] });
    } finally {
      await rm(other, { recursive: true, force: true });
      await quietApp.close();
      await quiet.close();
    }
  });

  it('pages through orders with --limit beyond one page and --all, and picks --fields', async () => {
    const filter = { ...DEFAULT_ORDERS_FILTER, activeOrders: 'all' as const };
    const uids: string[] = [];
    for (let skip = 0; ; skip += 100) {
      const page = await client.orders.search.query({ filter, window: { skip, limit: 100 } });
      uids.push(...page.orders.map((o) => o.uid));
      if (page.orders.length < 100) break;
    }
    expect(uids.length).toBeGreaterThan(150);
    const first = await waybill(['orders', 'search', '--active', 'all', '--limit', '150', '--fields', 'uid']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect((JSON.parse(first.stdout) as { uid: string }[]).map((o) => o.uid)).toEqual(uids.slice(0, 150));
    const all = await waybill(['orders', 'search', '--active', 'all', '--all', '--fields', 'uid']);
    expect(all.code, all.stderr).toBe(0);
    expect((JSON.parse(all.stdout) as { uid: string }[]).map((o) => o.uid)).toEqual(uids);

    const table = await waybill([
      'orders',
      'search',
      '--active',
      'all',
      '--limit',
      '2',
      '--fields',
      'uid,aggregated_status.key',
      '--table',
    ]);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^uid\s+aggregated_status\.key$/);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(uids[0]);
  });

  it('prints its version, help per command and a completion script', async () => {
    const version = await waybill(['--version']);
    expect(version.code).toBe(0);
    const pkg = JSON.parse(await readFile(path.join(here, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout).toBe(`${pkg.version}\n`);
    const group = await waybill(['orders', '--help']);
    expect(group.code).toBe(0);
    expect(group.stdout).toMatch(/orders search\s+orders matching/);
    expect(group.stdout).toMatch(/orders comment <reference> <text>/);
    const search = await waybill(['orders', 'search', '--help']);
    expect(search.code).toBe(0);
    expect(search.stdout).toMatch(/^Usage: waybill orders search \[options\]\n/);
    expect(search.stdout).toMatch(/--all\s+print every item/);
    const bash = await waybill(['completion', 'bash']);
    expect(bash.code).toBe(0);
    expect(bash.stdout).toContain('complete -F _waybill waybill');
    const shell = await waybill(['completion', 'tcsh']);
    expect(shell.code).toBe(2);
    expect(shell.stderr).toBe('waybill: waybill completion takes one of bash, zsh, fish (got "tcsh")\n');
  });

  it('logs out: the stored token is refused, the file is gone, and commands say to log in', async () => {
    const file = path.join(config, 'waybill/config.json');
    const { token } = JSON.parse(await readFile(file, 'utf8')) as { token: string };
    const result = await waybill(['logout']);
    expect(result.code).toBe(0);
    await expect(stat(file)).rejects.toThrow();
    const response = await fetch(`${url}/trpc/users.me`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    const after = await waybill(['orders', 'search']);
    expect(after.code).toBe(3);
    expect(after.stderr).toBe('waybill: Not signed in: run `waybill login` first.\n');
  });
});

/** Bumps an order's updated_at in the backend and nothing else (its status stays). */
function touch(uid: string) {
  return sim.control.changeOrder(uid, { late: sim.store.orders.get(uid)?.late ?? false });
}

/** A long-running child whose output lines can be waited for. */
function follow(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: consumer, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  let err = '';
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    out.push(...parts.filter(Boolean));
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, out, stderr: () => err, exited };
}

const WAIT = { timeout: 45_000, interval: 100 };

describe('scripts with a script token', { timeout: 90_000 }, () => {
  let config: string;
  let token: string;
  const env = (extra: Record<string, string>) => ({
    ...npmEnv({ XDG_CONFIG_HOME: config }),
    WAYBILL_URL: '',
    WAYBILL_TOKEN: '',
    ...extra,
  });
  const waybill = (args: string[], extra: Record<string, string> = {}) =>
    run(path.join(consumer, 'node_modules/.bin/waybill'), args, { cwd: consumer, env: env(extra) });

  beforeAll(async () => {
    config = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
    token = await consoleScriptToken(url, 'tarball test');
  });
  afterAll(async () => {
    await rm(config, { recursive: true, force: true });
  });

  it('the gateway names the client versions it serves, and this one is among them', async () => {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { clientVersions: string };
    expect(health.clientVersions).toBe('>=1.0.0 <2');
  });

  it('uses WAYBILL_TOKEN, --token, and login --token (stored; logout only forgets it)', async () => {
    const byEnv = await waybill(['orders', 'search', '--limit', '1'], {
      WAYBILL_URL: url,
      WAYBILL_TOKEN: token,
    });
    expect(byEnv.stderr).toBe('');
    expect(byEnv.code).toBe(0);
    expect(JSON.parse(byEnv.stdout)).toHaveLength(1);
    const byFlag = await waybill(['orders', 'search', '--limit', '1', '--url', url, '--token', token]);
    expect(byFlag.stderr).toBe('');
    expect(byFlag.code).toBe(0);
    const noUrl = await waybill(['orders', 'search', '--token', token]);
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toBe(
      'waybill: A token needs a gateway: give --url or set WAYBILL_URL (or run `waybill login`)\n',
    );
    const wrong = await waybill(['orders', 'search', '--url', url, '--token', `wbs_${'x'.repeat(43)}`]);
    expect(wrong.code).toBe(3);

    const login = await waybill(['login', '--url', url, '--token', token]);
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    expect(JSON.parse(login.stdout)).toMatchObject({ signedIn: true, user: 'Olivia Ops', with: 'token' });
    const file = path.join(config, 'waybill/config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ url, token, kind: 'script-token' });
    const stored = await waybill(['orders', 'search', '--limit', '1']);
    expect(stored.code, stored.stderr).toBe(0);
    const out = await waybill(['logout']);
    expect(out.code).toBe(0);
    await expect(stat(file)).rejects.toThrow();
    const still = await fetch(`${url}/trpc/users.me`, { headers: { authorization: `Bearer ${token}` } });
    expect(still.status).toBe(200);
  });

  it('liveList from the installed package yields the current rows, patched as orders change', async () => {
    const filter = { ...DEFAULT_ORDERS_FILTER, activeOrders: 'all' as const };
    const { orders } = await client.orders.search.query({ filter, window: { skip: 0, limit: 20 } });
    const target = orders[0]!;
    await writeFile(
      path.join(consumer, 'live-list.mjs'),
      `import { createWaybillClient, liveList, DEFAULT_ORDERS_FILTER } from '@waybill/client';
const client = createWaybillClient({ url: process.env.WAYBILL_URL, token: process.env.WAYBILL_TOKEN });
const filter = { ...DEFAULT_ORDERS_FILTER, activeOrders: 'all' };
let first = null;
for await (const { rows, kind } of liveList(client, 'orders', { filter, window: { skip: 0, limit: 20 } })) {
  const row = rows.find((r) => r.uid === process.env.TARGET);
  if (first === null) { first = row.updated_at; console.log(JSON.stringify({ ready: kind, rows: rows.length })); continue; }
  if (row && row.updated_at !== first) { console.log(JSON.stringify({ kind, updated_at: row.updated_at, rows: rows.length })); break; }
}
client.close();
`,
    );
    const script = follow(
      process.execPath,
      ['live-list.mjs'],
      env({ WAYBILL_URL: url, WAYBILL_TOKEN: token, TARGET: target.uid }),
    );
    await vi.waitFor(() => expect(script.out.length, script.stderr()).toBe(1), WAIT);
    expect(JSON.parse(script.out[0]!)).toEqual({ ready: 'snapshot', rows: 20 });
    const changed = touch(target.uid);
    expect(await script.exited).toBe(0);
    expect(script.stderr()).toBe('');
    expect(JSON.parse(script.out[1]!)).toEqual({ kind: 'patch', updated_at: changed.updated_at, rows: 20 });
  });

  it('orders watch prints each change once, across a gateway restart: nothing missed, nothing twice', async () => {
    const filter = { ...DEFAULT_ORDERS_FILTER, activeOrders: 'all' as const };
    const { orders } = await client.orders.search.query({ filter, window: { skip: 0, limit: 10 } });
    const [a, b] = [orders[0]!, orders[1]!];
    const watch = follow(
      path.join(consumer, 'node_modules/.bin/waybill'),
      ['orders', 'watch', '--active', 'all', '--limit', '10'],
      env({ WAYBILL_URL: url, WAYBILL_TOKEN: token }),
    );
    try {
      await vi.waitFor(
        () => expect(watch.stderr()).toBe('waybill: watching 10 orders (Ctrl-C to stop)\n'),
        WAIT,
      );
      const first = touch(a.uid);
      await vi.waitFor(() => expect(watch.out.length).toBe(1), WAIT);
      expect(JSON.parse(watch.out[0]!)).toEqual({
        change: 'changed',
        uid: a.uid,
        reference: a.reference,
        status: first.aggregated_status.key,
        updated_at: first.updated_at,
      });

      // The gateway goes away; an order changes meanwhile; the same gateway comes back on its port.
      const port = Number(new URL(url).port);
      await app.close();
      const second = touch(b.uid);
      await startGateway(port);
      await vi.waitFor(() => expect(watch.out.length).toBeGreaterThanOrEqual(2), WAIT);
      expect(JSON.parse(watch.out[1]!)).toMatchObject({
        change: 'changed',
        uid: b.uid,
        updated_at: second.updated_at,
      });
      // A change after the restart still comes through, and nothing before it was printed twice.
      const third = touch(a.uid);
      await vi.waitFor(() => expect(watch.out.length).toBe(3), WAIT);
      expect(JSON.parse(watch.out[2]!)).toMatchObject({ uid: a.uid, updated_at: third.updated_at });
      expect(watch.out.map((line) => (JSON.parse(line) as { uid: string }).uid)).toEqual([
        a.uid,
        b.uid,
        a.uid,
      ]);
    } finally {
      watch.child.kill('SIGINT');
    }
    expect(await watch.exited).toBe(0);
    // The gateway's absence was said, and its return.
    expect(watch.stderr()).toMatch(
      /^waybill: watching 10 orders \(Ctrl-C to stop\)\nwaybill: live updates paused: cannot reach the gateway at [^\n]+; data from \d\d:\d\d:\d\d\nwaybill: live updates resumed\n$/,
    );
  });
});
