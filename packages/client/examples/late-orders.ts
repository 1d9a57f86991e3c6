/**
 * Prints today's late orders as a table.
 *
 *   WAYBILL_URL=http://localhost:3000 WAYBILL_EMAIL=ops@example.com WAYBILL_PASSWORD=waybill-demo \
 *     pnpm --filter @waybill/client example:late-orders
 *
 * "Late" is the console's late mode (late status, late payout, priority 4 included); "today" is the
 * order's creation date in this machine's time zone (set TZ to change it).
 */
import { pathToFileURL } from 'node:url';
// Everything from the package itself (in a script of your own: from '@waybill/client').
import {
  DEFAULT_ORDERS_FILTER,
  MAX_LOADED_ROWS,
  MAX_PAGE_SIZE,
  type Order,
  parseServerTime,
  setLateMode,
  signInWithPassword,
  signOut,
  type WaybillClient,
} from '../src/index.js';

/** The gateway's largest page. */
const PAGE = MAX_PAGE_SIZE;
/** The most orders the gateway lists for one filter: pages past it are refused. */
const MAX_ORDERS = MAX_LOADED_ROWS;

export interface LateOrderRow {
  reference: string;
  created: string;
  status: string;
  courier: string;
  tracking: string;
  priority: number;
}

function startOfLocalDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/**
 * Late orders created since local midnight, newest first; `complete` is false when more late orders
 * exist than the gateway lists for one filter, so some of today's may be missing.
 */
export async function lateOrdersToday(
  client: WaybillClient,
  now = new Date(),
): Promise<{ orders: Order[]; complete: boolean }> {
  const filter = { ...setLateMode(DEFAULT_ORDERS_FILTER, true), activeOrders: 'all' as const };
  const since = startOfLocalDay(now).getTime();
  const found: Order[] = [];
  let complete = false;
  for (let skip = 0; skip < MAX_ORDERS && !complete; skip += PAGE) {
    const page = await client.orders.filter.query({ filter, window: { skip, limit: PAGE } });
    for (const order of page.orders) {
      const created = parseServerTime(order.external_app_dates.created_at);
      if (created && created.getTime() >= since && created.getTime() <= now.getTime()) found.push(order);
    }
    complete = page.orders.length < PAGE;
  }
  // The pages ran full to the end of what is listed: ask whether that was all of them.
  if (!complete) complete = (await client.orders.statistics.query({ filter })).count <= MAX_ORDERS;
  const createdAt = (o: Order) => parseServerTime(o.external_app_dates.created_at)?.getTime() ?? 0;
  return { orders: found.sort((a, b) => createdAt(b) - createdAt(a)), complete };
}

export function toRows(orders: Order[]): LateOrderRow[] {
  return orders.map((o) => ({
    reference: o.reference ?? o.uid,
    created: parseServerTime(o.external_app_dates.created_at)?.toLocaleTimeString('en-GB') ?? '',
    status: o.aggregated_status.key,
    courier: o.aggregated_courier?.key ?? '',
    tracking: o.aggregated_courier?.tracking_number ?? '',
    priority: o.display_priority,
  }));
}

/** A plain fixed-width table (console.table adds an index column and quotes). */
export function formatTable(rows: LateOrderRow[]): string {
  const columns: (keyof LateOrderRow)[] = [
    'reference',
    'created',
    'status',
    'courier',
    'tracking',
    'priority',
  ];
  const cells = [columns.map(String), ...rows.map((r) => columns.map((c) => String(r[c])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => (line[i] ?? '').length)));
  const render = (line: string[]) =>
    line
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const [header, ...body] = cells;
  return [render(header ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(render)].join('\n');
}

const gatewayUrl = (env: Record<string, string | undefined>) => env.WAYBILL_URL ?? 'http://localhost:3000';

/**
 * A failure in one line. A call that got no answer says only "fetch failed": the network's reason
 * (ECONNREFUSED, ENOTFOUND…) is further down its causes, and is what tells a typo from a gateway down.
 */
function failureText(error: unknown, url: string): string {
  const message = error instanceof Error ? error.message : String(error);
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string') return `cannot reach the gateway at ${url}: ${message} (${code})`;
  }
  return message;
}

export async function main(env: Record<string, string | undefined> = process.env): Promise<void> {
  const { client, user } = await signInWithPassword({
    url: gatewayUrl(env),
    email: env.WAYBILL_EMAIL ?? 'ops@example.com',
    password: env.WAYBILL_PASSWORD ?? 'waybill-demo',
  });
  try {
    const { orders, complete } = await lateOrdersToday(client);
    if (!complete)
      console.error(
        `Only the first ${MAX_ORDERS} late orders were read (the most the gateway lists for one filter): some of today's may be missing`,
      );
    console.log(`Late orders created today (${new Date().toDateString()}), signed in as ${user.name}:`);
    console.log(formatTable(toRows(orders)));
    console.log(`${orders.length} late ${orders.length === 1 ? 'order' : 'orders'} today`);
  } finally {
    // Ends the gateway session: the token is worthless from here on.
    await signOut(client);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`late-orders failed: ${failureText(error, gatewayUrl(process.env))}`);
    process.exitCode = 1;
  });
}
