/**
 * `waybill orders search` at the most orders the gateway lists for one filter (contracts'
 * MAX_LOADED_ROWS), against a real backend-sim + gateway holding just that many matching orders.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_LOADED_ROWS, MAX_PAGE_SIZE, PAGE_SIZE } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersFilterFromFlags, parseLimit } from '../src/cli/orders-commands.js';
import { searchOrders } from '../src/cli/orders-search.js';
import { createWaybillClient, type WaybillClient } from '../src/index.js';
import { cliEnv, type Stack, startStack, waybill } from './cli-stack.js';
import { closedUrl, proxyTo } from './fake-gateways.js';

let stack: Stack;
let client: WaybillClient;
let config: string;
let token: string;
/** `--active all`: every order of the default priorities, whatever its state. */
const FLAGS = ['--active', 'all'];
const filter = ordersFilterFromFlags({ active: 'all' });

const matching = async () => (await client.orders.statistics.query({ filter })).count;

/** Adds orders to the backend until exactly `count` match (each new order matches or not). */
async function matchExactly(count: number): Promise<void> {
  for (let now = await matching(); now < count; now = await matching())
    for (let i = now; i < count; i++) stack.sim.control.addOrder();
  expect(await matching()).toBe(count);
}

const search = (args: string[], url = stack.url) =>
  waybill(['orders', 'search', ...args], cliEnv(config, { WAYBILL_URL: url, WAYBILL_TOKEN: token }));

const uids = (stdout: string) => (JSON.parse(stdout) as { uid: string }[]).map((o) => o.uid);

beforeAll(async () => {
  stack = await startStack({ orders: MAX_LOADED_ROWS });
  token = await stack.token();
  client = createWaybillClient({ url: stack.url, token });
  config = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
}, 120_000);

afterAll(async () => {
  client?.close();
  await stack?.close();
  if (config) await rm(config, { recursive: true, force: true });
});

describe('--limit', () => {
  it('takes a whole number from 1 to the most the gateway lists for one filter', () => {
    expect(parseLimit(String(MAX_LOADED_ROWS))).toBe(MAX_LOADED_ROWS);
    for (const value of ['0', String(MAX_LOADED_ROWS + 1), '1e3', '-1', '99999999999999999999'])
      expect(() => parseLimit(value), value).toThrow(
        `--limit must be a whole number from 1 to ${MAX_LOADED_ROWS}, the most the gateway lists for one filter (got "${value}")`,
      );
  });
});

/**
 * A gateway listing `total` orders, where the last one moves to the front once the first page is
 * read: every order after it comes one page later, and one comes twice. Windows are checked as the
 * gateway's schema does.
 */
function movingList(total: number) {
  let list = Array.from({ length: total }, (_, i) => ({ uid: `o${i}` }));
  const windows: { skip: number; limit: number }[] = [];
  const search = async ({ window }: { window: { skip: number; limit: number } }) => {
    if (window.skip > MAX_LOADED_ROWS - PAGE_SIZE || window.limit > MAX_PAGE_SIZE)
      throw new Error(`window refused: ${JSON.stringify(window)}`);
    windows.push(window);
    const orders = list.slice(window.skip, window.skip + window.limit);
    if (windows.length === 1) list = [list.at(-1)!, ...list.slice(0, -1)];
    return { orders };
  };
  const client = {
    orders: { search: { query: search }, statistics: { query: async () => ({ count: list.length }) } },
  } as unknown as WaybillClient;
  return { client, windows };
}

describe('searchOrders near the end of what the gateway lists', () => {
  it('reads the last rows from the furthest start the gateway takes when an order came twice', async () => {
    for (const limit of [MAX_LOADED_ROWS, 'all'] as const) {
      const { client, windows } = movingList(MAX_LOADED_ROWS);
      const orders = await searchOrders(client, { active: 'all' }, limit);
      // The moved order was read before it moved, at the end: the one pushed past the first page came twice.
      expect(orders).toHaveLength(MAX_LOADED_ROWS - 1);
      expect(new Set(orders.map((o) => o.uid)).size).toBe(MAX_LOADED_ROWS - 1);
      expect(Math.max(...windows.map((w) => w.skip + w.limit))).toBe(MAX_LOADED_ROWS);
    }
  });
});

describe('waybill orders search at the most the gateway lists', { timeout: 120_000 }, () => {
  it('refuses --limit above it before calling the gateway', async () => {
    const result = await search(['--limit', String(MAX_LOADED_ROWS + 50)], await closedUrl());
    expect(result.stderr).toBe(
      `waybill: --limit must be a whole number from 1 to ${MAX_LOADED_ROWS}, the most the gateway lists for one filter (got "${MAX_LOADED_ROWS + 50}")\n`,
    );
    expect(result.code).toBe(2);
  });

  it('prints every order with --all when exactly that many match', async () => {
    await matchExactly(MAX_LOADED_ROWS);
    const result = await search(['--all', ...FLAGS, '--fields', 'uid']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const printed = uids(result.stdout);
    expect(printed).toHaveLength(MAX_LOADED_ROWS);
    expect(new Set(printed).size).toBe(MAX_LOADED_ROWS);
  });

  it('refuses --all, printing nothing, when more came to match while it read the pages', async () => {
    await matchExactly(MAX_LOADED_ROWS);
    // Once the count after the first page is answered, new orders take it past the most listed.
    let added = false;
    const proxy = await proxyTo(stack.url, {
      answered(requested) {
        if (added || !requested.startsWith('/trpc/orders.statistics')) return;
        added = true;
        const before = stack.sim.store.orders.size;
        while (stack.sim.store.orders.size < before + 50) stack.sim.control.addOrder();
      },
    });
    try {
      const result = await search(['--all', ...FLAGS, '--fields', 'uid'], proxy.url);
      const count = await matching();
      expect(count).toBeGreaterThan(MAX_LOADED_ROWS);
      expect(result.stderr).toBe(
        `waybill: ${count} orders match now (more than when the listing started); the gateway lists at most ${MAX_LOADED_ROWS} for one filter: narrow it (--status-group, --courier, --late, --reference, --active) or print the first ${MAX_LOADED_ROWS} with --limit ${MAX_LOADED_ROWS}\n`,
      );
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
    } finally {
      await proxy.close();
    }
  });

  it('refuses --all after its first page when more match, and prints the first of them with --limit', async () => {
    if ((await matching()) <= MAX_LOADED_ROWS) await matchExactly(MAX_LOADED_ROWS + 1);
    const count = await matching();
    const all = await search(['--all', ...FLAGS, '--fields', 'uid']);
    expect(all.stderr).toBe(
      `waybill: ${count} orders match; the gateway lists at most ${MAX_LOADED_ROWS} for one filter: narrow it (--status-group, --courier, --late, --reference, --active) or print the first ${MAX_LOADED_ROWS} with --limit ${MAX_LOADED_ROWS}\n`,
    );
    expect(all.code).toBe(2);
    expect(all.stdout).toBe('');
    const first = await search(['--limit', String(MAX_LOADED_ROWS), ...FLAGS, '--fields', 'uid']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(new Set(uids(first.stdout)).size).toBe(MAX_LOADED_ROWS);
  });
});
