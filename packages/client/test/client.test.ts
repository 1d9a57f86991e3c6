import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import {
  DEFAULT_ORDERS_FILTER,
  MAX_LOADED_ROWS,
  MAX_PAGE_SIZE,
  parseServerTime,
  setLateMode,
} from '@waybill/contracts';
import { buildApp, loadConfig } from '@waybill/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTable, lateOrdersToday, toRows } from '../examples/late-orders.js';
import {
  createWaybillClient,
  signInWithPassword,
  signOut,
  TRPCClientError,
  UnexpectedResponseError,
  type WaybillClient,
} from '../src/index.js';
import { closedUrl, proxyTo } from './fake-gateways.js';

let sim: RunningSim;
let app: Awaited<ReturnType<typeof buildApp>>;
let url: string;
let dataDir: string;

beforeAll(async () => {
  // Its own store: a console started from this checkout holds the default DATA_DIR.
  dataDir = await mkdtemp(path.join(tmpdir(), 'waybill-client-data-'));
  sim = await startSim({ port: 0, tickMs: 0, orders: 800, inbounds: 50, stores: 40 });
  app = await buildApp(
    loadConfig({
      BACKEND_URL: sim.url,
      LOG_LEVEL: 'silent',
      CHANGE_POLL_MS: '200',
      WEB_DIST: '/nonexistent',
      DATA_DIR: dataDir,
    }),
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app?.close();
  await sim?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signIn(): Promise<WaybillClient> {
  return (await signInWithPassword({ url, email: 'ops@example.com', password: 'waybill-demo' })).client;
}

describe('createWaybillClient', () => {
  it('calls procedures with the bearer token, batched over HTTP', async () => {
    const client = await signIn();
    const [me, page] = await Promise.all([
      client.users.me.query(),
      client.orders.search.query({ filter: { activeOrders: 'all' }, window: { skip: 0, limit: 5 } }),
    ]);
    expect(me.user.email).toBe('ops@example.com');
    expect(page.orders).toHaveLength(5);
    client.close();
  });

  it('surfaces gateway errors as TRPCClientError with the code', async () => {
    const anonymous = createWaybillClient({ url });
    const error = await anonymous.users.me.query().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<never>).data).toMatchObject({ code: 'UNAUTHORIZED' });
    const client = await signIn();
    const bad = await client.orders.search
      .query({ window: { skip: -1, limit: 20 } })
      .catch((e: unknown) => e);
    expect((bad as Error).message).toContain('window.skip');
  });

  it('asks a token function before each request', async () => {
    let token: string | null = null;
    const client = createWaybillClient({ url, token: () => token });
    await expect(client.users.me.query()).rejects.toThrow();
    token =
      (
        await client.auth.passwordLogin.mutate({
          email: 'ops@example.com',
          password: 'waybill-demo',
          bearer: true,
        })
      ).token ?? null;
    expect((await client.users.me.query()).user.email).toBe('ops@example.com');
  });

  it('splits a batch whose URL would be too long into several GETs', async () => {
    const requests: string[] = [];
    const proxy = await proxyTo(url, { answered: (requested) => requests.push(requested) });
    try {
      const { token } = await signInWithPassword({ url, email: 'ops@example.com', password: 'waybill-demo' });
      const client = createWaybillClient({ url: proxy.url, token, maxURLLength: 600 });
      // Each input is under half of maxURLLength: together they would make a URL of about 1200.
      const references = Array.from({ length: 6 }, (_, i) => `${i}${'x'.repeat(150)}`);
      const pages = await Promise.all(
        references.map((reference) => client.orders.search.query({ filter: { reference } })),
      );
      expect(pages.map((p) => p.orders)).toEqual(references.map(() => []));
      const searches = requests.filter((r) => r.startsWith('/trpc/orders.search'));
      expect(searches.length).toBeGreaterThan(1);
      expect(searches.every((r) => r.includes('&input=') && r.length <= 600)).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('sends a query whose input alone would overflow the URL as POST', async () => {
    const client = await signIn();
    const uids = Array.from({ length: 200 }, (_, i) => `uid-${i}-${'x'.repeat(20)}`);
    const result = await client.orders.filter.query({ filter: { sellingChannelsUIDS: uids } });
    expect(result.orders).toEqual([]);
  });

  it('subscribes over a websocket with the token in connectionParams', async () => {
    const client = await signIn();
    const first = await new Promise<unknown>((resolve, reject) => {
      const subscription = client.orders.live.subscribe(
        { filter: {}, window: { skip: 0, limit: 5 } },
        {
          onData(data) {
            subscription.unsubscribe();
            resolve(data);
          },
          onError: reject,
        },
      );
    });
    expect(JSON.stringify(first)).toContain('snapshot');
    client.close();
  });

  it('signs out: the token is refused afterwards over HTTP and websockets', async () => {
    const { token } = await signInWithPassword({ url, email: 'ops@example.com', password: 'waybill-demo' });
    expect(token).toMatch(/^wbs_/);
    const client = createWaybillClient({ url, token });
    expect((await client.users.me.query()).user.email).toBe('ops@example.com');
    await signOut(client);
    const again = createWaybillClient({ url, token });
    const error = await again.users.me.query().catch((e: unknown) => e);
    expect((error as TRPCClientError<never>).data).toMatchObject({ code: 'UNAUTHORIZED' });
    const live = await new Promise<unknown>((resolve) => {
      again.orders.live.subscribe(
        { filter: {}, window: { skip: 0, limit: 5 } },
        { onData: () => resolve('data'), onError: resolve },
      );
    });
    expect((live as TRPCClientError<never>).data).toMatchObject({ code: 'UNAUTHORIZED' });
    again.close();
  });

  it('splits more calls than the gateway batch limit into several batches', async () => {
    const client = await signIn();
    const results = await Promise.all(Array.from({ length: 45 }, () => client.users.me.query()));
    expect(results.every((r) => r.user.email === 'ops@example.com')).toBe(true);
  });

  it("fails with UnexpectedResponseError, its status and content type, when the URL is the backend's", async () => {
    const misdirected = createWaybillClient({ url: sim.url, token: 'wbs_any' });
    const error = await misdirected.users.me.query().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const cause = (error as Error).cause;
    expect(cause).toBeInstanceOf(UnexpectedResponseError);
    expect(cause).toMatchObject({ status: 404, contentType: expect.stringContaining('application/json') });
  });

  it('rejects a URL without a scheme', () => {
    expect(() => createWaybillClient({ url: 'localhost:3000' })).toThrow(/http/);
  });
});

/** Runs examples/late-orders.ts as a script, with `env` on top of this process's environment. */
function runExample(env: Record<string, string>) {
  const script = fileURLToPath(new URL('../examples/late-orders.ts', import.meta.url));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('examples/late-orders', () => {
  it("finds exactly today's late orders", async () => {
    const client = await signIn();
    const now = new Date();
    const { orders: found, complete } = await lateOrdersToday(client, now);
    expect(complete).toBe(true);
    // Cross-check against a full read of the same late-mode filter, page by page.
    const filter = { ...setLateMode(DEFAULT_ORDERS_FILTER, true), activeOrders: 'all' as const };
    const orders: Awaited<ReturnType<typeof client.orders.filter.query>>['orders'] = [];
    for (let skip = 0; ; skip += MAX_PAGE_SIZE) {
      const page = await client.orders.filter.query({ filter, window: { skip, limit: MAX_PAGE_SIZE } });
      orders.push(...page.orders);
      if (page.orders.length < MAX_PAGE_SIZE) break;
    }
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
    const expected = orders.filter((o) => {
      const t = parseServerTime(o.external_app_dates.created_at)?.getTime() ?? -1;
      return t >= midnight && t <= now.getTime();
    });
    expect(found.map((o) => o.uid).sort()).toEqual(expected.map((o) => o.uid).sort());
    const table = formatTable(toRows(found));
    expect(table.split('\n')[0]).toMatch(/^reference\s+created\s+status\s+courier\s+tracking\s+priority$/);
    expect(table.split('\n')).toHaveLength(found.length + 2);
  });

  it('says when more late orders exist than the gateway lists for one filter', async () => {
    const yesterday = { external_app_dates: { created_at: '2020-01-01 10:00:00' } };
    const client = {
      orders: {
        filter: { query: async () => ({ orders: Array.from({ length: MAX_PAGE_SIZE }, () => yesterday) }) },
        statistics: { query: async () => ({ count: MAX_LOADED_ROWS + 1 }) },
      },
    } as unknown as WaybillClient;
    expect(await lateOrdersToday(client)).toEqual({ orders: [], complete: false });
  });

  it('runs as a script against the gateway and prints a table', async () => {
    const { code, stdout, stderr } = await runExample({ WAYBILL_URL: url });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Late orders created today');
    expect(stdout).toContain('signed in as Olivia Ops');
    expect(stdout).toMatch(/reference\s+created\s+status/);
    expect(stdout).toMatch(/\d+ late orders? today/);
  }, 30_000);

  it('names the reason when the gateway cannot be reached', async () => {
    const down = await closedUrl();
    const result = await runExample({ WAYBILL_URL: down });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `late-orders failed: cannot reach the gateway at ${down}: fetch failed (ECONNREFUSED)\n`,
    );
  }, 30_000);

  it('fails with a clear message on wrong credentials', async () => {
    const result = await runExample({ WAYBILL_URL: url, WAYBILL_PASSWORD: 'wrong' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('late-orders failed: Wrong e-mail or password');
  }, 30_000);
});
