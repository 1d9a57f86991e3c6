/**
 * `pnpm bench backend`: the load the gateway puts on the backend, and how soon a change written at the
 * backend reaches a screen. Each figure runs on a gateway of its own; every backend call is counted
 * at backend-sim (its /__sim call counts and rows asked), so the figures are what the gateway really
 * does, whatever its rules.
 * - backend_calls_per_change: orders re-reads per change, beside the ideal (contracts'
 *   changeTouchesOrdersList per cohort, with the true before and after) and the per-tab polling console
 *   the gateway replaces for the same tabs (see seedConsoleCalls);
 * - backend_rows_per_refresh: rows the inbounds and clients refreshes ask for per LIST_REFRESH_MS,
 *   beside the rows the open windows show;
 * - backend_change_visible_ms: from a change's write at the backend to the row at 1,000 subscribers,
 *   with the /changes calls per second beside.
 */
import {
  applyKeyedPatch,
  changeTouchesOrdersList,
  DEFAULT_ORDERS_FILTER,
  type Order,
  type OrdersFilter,
  orderMatchesFilter,
  PAGE_SIZE,
  setLateMode,
  statusesOfGroup,
  statusGroupOf,
  toOrdersSearchBody,
} from '@waybill/contracts';
import { metricsText, type RunningProcess, type SimProcess, startGatewayProcess } from './processes.js';
import { figure, percentile, round } from './stats.js';
import { type Subscriber, subscribe } from './trpc-ws.js';

const PASSWORD = 'waybill-demo';
const MANAGED_BY = 'waybill';
/** The eight calls of a statistics read: the count and seven statistics. */
const STATISTICS_CALLS = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long a tab may wait for its subscription and its first data before the step fails. */
const OPEN_TIMEOUT_MS = 30_000;

/**
 * `promise`, or a clear failure after `ms`: a socket the gateway closes before it answers (or a first
 * load that fails) would otherwise leave the step waiting forever.
 */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// ---- backend-sim and gateway helpers ----

async function control<T>(sim: SimProcess, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sim.url}/__sim/${path}`, {
    method,
    ...(method === 'POST'
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }
      : {}),
  });
  if (!res.ok) throw new Error(`sim control ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A change written at the backend: the order as it is afterwards (the shape /changes returns). */
const changeOrder = async (sim: SimProcess, uid: string, patch: Record<string, unknown> = {}) =>
  (await control<{ order: Order }>(sim, 'POST', `orders/${encodeURIComponent(uid)}/change`, patch)).order;
const callCounts = (sim: SimProcess) => control<Record<string, number>>(sim, 'GET', 'call-counts');
const rowsAsked = (sim: SimProcess) => control<Record<string, number>>(sim, 'GET', 'rows-asked');

/** Calls to the routes matching `keep`, summed. */
const sumOf = (counts: Record<string, number>, keep: (path: string) => boolean) =>
  Object.entries(counts).reduce((sum, [path, n]) => (keep(path) ? sum + n : sum), 0);
/** The orders list's re-reads: /orders/search/filter, the count and the seven statistics. */
const isOrdersRead = (path: string) => path.startsWith('/orders/search');

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, bearer: true }),
  });
  const body = (await res.json()) as { result?: { data: { token: string } }; error?: unknown };
  if (!body.result) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body.error)}`);
  return body.result.data.token;
}

/** A backend token straight from the backend, for the bench's own reads there. */
async function backendSignIn(sim: SimProcess, email: string): Promise<string> {
  const res = await fetch(`${sim.url}/login/username_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { access_token: string } };
  if (!body.data) throw new Error(`backend sign-in of ${email} failed: ${res.status}`);
  return body.data.access_token;
}

async function withGateway<T>(
  sim: SimProcess,
  env: Record<string, string>,
  run: (gateway: RunningProcess) => Promise<T>,
): Promise<T> {
  // Hundreds of tabs per user: the per-user socket cap is lifted for the benchmark only.
  const gateway = await startGatewayProcess({ BACKEND_URL: sim.url, WS_MAX_PER_USER: '100000', ...env });
  try {
    return await run(gateway);
  } finally {
    await gateway.stop();
  }
}

/** A Prometheus metric summed over the label sets that `labels` accepts. */
async function metricSum(url: string, name: string, labels: (line: string) => boolean = () => true) {
  return (await metricsText(url))
    .split('\n')
    .filter((l) => (l.startsWith(`${name} `) || l.startsWith(`${name}{`)) && labels(l))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

type Row = { uid: string; updated_at?: string };

/** A tab: one live subscription on its own socket, holding its rows as the console would. */
interface Tab {
  sub: Subscriber;
  rows: Row[];
}

async function openTab(
  gatewayUrl: string,
  token: string,
  path: string,
  input: unknown,
  onRow?: (row: Row) => void,
): Promise<Tab> {
  const sub = await within(
    subscribe(
      `${gatewayUrl.replace(/^http/, 'ws')}/trpc`,
      { cookie: `mgmt_auth_token=${token}` },
      path,
      input,
    ),
    OPEN_TIMEOUT_MS,
    `${path} subscription`,
  );
  const tab: Tab = { sub, rows: [] };
  sub.onData((data) => {
    const msg = data as { kind: string; rows?: Row[]; upserts?: Row[]; removed?: string[]; order?: string[] };
    if (msg.kind === 'snapshot') tab.rows = msg.rows ?? [];
    else if (msg.kind === 'patch')
      tab.rows = applyKeyedPatch(tab.rows, {
        upserts: msg.upserts ?? [],
        removed: msg.removed ?? [],
        order: msg.order,
      });
    else return;
    if (onRow) for (const row of msg.kind === 'snapshot' ? (msg.rows ?? []) : (msg.upserts ?? [])) onRow(row);
  });
  await within(sub.firstData, OPEN_TIMEOUT_MS, `${path} first data`).catch((error: unknown) => {
    sub.close();
    throw error;
  });
  return tab;
}

/** Opens tabs `batch` at a time (each opening is a socket, an upgrade and a subscription). */
async function openTabs(n: number, open: (i: number) => Promise<Tab>, batch = 50): Promise<Tab[]> {
  const tabs: Tab[] = [];
  for (let i = 0; i < n; i += batch)
    tabs.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, (_, j) => open(i + j)))));
  return tabs;
}

const closeTabs = (tabs: Tab[]) => {
  for (const t of tabs) t.sub.close();
};

/** Waits until `read` gives the same value twice `gapMs` apart (or `maxMs` passes); returns it. */
async function settled(read: () => Promise<number>, gapMs: number, maxMs: number): Promise<number> {
  const until = Date.now() + maxMs;
  let last = await read();
  for (;;) {
    await sleep(gapMs);
    const now = await read();
    if (now === last || Date.now() > until) return now;
    last = now;
  }
}

// ---- backend_calls_per_change ----

/**
 * The filter mix of the tabs: tab i gets kind i % 7. The facet value of a kind is the user's own
 * (user u watches the u-th courier, warehouse, merchant, status group and assignee, in the order they
 * first appear among the changed orders), so the tabs of one user with one kind form one cohort.
 */
const FILTER_KINDS = [
  'default',
  'courier',
  'warehouse',
  'merchant',
  'status_group',
  'late',
  'assigned',
] as const;

interface Facets {
  couriers: string[];
  warehouses: string[];
  merchants: string[];
  statusGroups: string[];
  assignees: string[];
}

const distinct = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => typeof v === 'string')),
];

function facetsOf(orders: Order[]): Facets {
  return {
    couriers: distinct(orders.map((o) => o.aggregated_courier?.key)),
    warehouses: distinct(orders.map((o) => o.fulfillment_center_uid)),
    merchants: distinct(orders.map((o) => o.selling_channel_uid)),
    statusGroups: distinct(orders.map((o) => statusGroupOf(o.aggregated_status.key))),
    assignees: distinct(orders.map((o) => o.assigned_user_uid)),
  };
}

function filterOf(kind: (typeof FILTER_KINDS)[number], user: number, facets: Facets): OrdersFilter {
  const pick = (values: string[]) => (values.length ? [values[user % values.length]!] : []);
  const base = DEFAULT_ORDERS_FILTER;
  switch (kind) {
    case 'default':
      return base;
    case 'courier':
      return { ...base, courierKeys: pick(facets.couriers) };
    case 'warehouse':
      return { ...base, fulfillmentCentersUIDS: pick(facets.warehouses) };
    case 'merchant':
      return { ...base, sellingChannelsUIDS: pick(facets.merchants) };
    case 'status_group':
      return { ...base, statuses: statusesOfGroup(pick(facets.statusGroups)[0] ?? '') };
    case 'late':
      return setLateMode(base, true);
    case 'assigned':
      return { ...base, assignedUsersUIDS: pick(facets.assignees) };
  }
}

/**
 * `count` orders of the default list's first hundred, each chosen for the courier, warehouse and
 * merchant it adds to those already chosen (ties: list order), so the changes touch varied cohorts.
 */
function variedOrders(orders: Order[], count: number): Order[] {
  const facets = (o: Order) => [o.aggregated_courier?.key, o.fulfillment_center_uid, o.selling_channel_uid];
  const seen = [new Set<unknown>(), new Set<unknown>(), new Set<unknown>()];
  const novelty = (o: Order) => facets(o).filter((v, k) => !seen[k]!.has(v)).length;
  const left = [...orders];
  const chosen: Order[] = [];
  while (chosen.length < count && left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (novelty(left[i]!) > novelty(left[best]!)) best = i;
    const order = left.splice(best, 1)[0]!;
    for (const [k, v] of facets(order).entries()) seen[k]!.add(v);
    chosen.push(order);
  }
  return chosen;
}

/**
 * What the change is: mostly the next status (the sim's default); every third toggles lateness and
 * every fifth reassigns, so late-mode and assignee lists see changes of their own.
 */
function patchFor(k: number, order: Order, assignees: string[]): Record<string, unknown> {
  if (k % 5 === 4) return { assigned_user_uid: assignees[k % assignees.length] ?? null };
  if (k % 3 === 2) return { late: !order.late.is_late };
  return {};
}

/**
 * The console the gateway replaces, which polled for itself: every tab polls /changes with its own filter every 5 s
 * and, when a change matches that filter (before or after it), reloads its list: 1 search + 8
 * statistics. Per change: matching tabs x 9, plus one interval's /changes polls of every tab.
 */
function seedConsoleCalls(tabFilters: OrdersFilter[], before: Order, after: Order, now: Date): number {
  const matching = tabFilters.filter(
    (f) => orderMatchesFilter(before, f, now) || orderMatchesFilter(after, f, now),
  ).length;
  return matching * (1 + STATISTICS_CALLS) + tabFilters.length;
}

export interface CallsPerChangeOptions {
  tabs: number;
  changes: number;
  pollMs: number;
  /** Time the changes may take, all told. */
  budgetMs: number;
}

export async function backendCallsPerChange(sim: SimProcess, opts: CallsPerChangeOptions): Promise<void> {
  const t0 = Date.now();
  const users = sim.users;
  await withGateway(sim, { CHANGE_POLL_MS: String(opts.pollMs) }, async (gateway) => {
    const tokens = await Promise.all(users.map((u) => signIn(gateway.url, u.email)));
    // The orders to change, read once at the start: the sim is paused (TICK_MS=0), so only the
    // bench's own changes move them, and each change's answer is the order's next `before`.
    const backendToken = await backendSignIn(sim, users[0]!.email);
    const first100 = await searchOrders(sim, backendToken, 100);
    const targets = variedOrders(first100, opts.changes);
    const state = new Map(first100.map((o) => [o.uid, o]));
    const facets = facetsOf(targets);
    const assignees = distinct(first100.map((o) => o.assigned_user_uid));

    // Tab i: user i % users, filter kind i % 7; a cohort is one user and one kind (one window).
    const tabSpecs = Array.from({ length: opts.tabs }, (_, i) => {
      const user = i % users.length;
      const kind = FILTER_KINDS[i % FILTER_KINDS.length]!;
      return { user, kind, cohort: `${user}|${kind}`, filter: filterOf(kind, user, facets) };
    });
    // One tab of each cohort first, a few at a time (each is a first load: a search and eight
    // statistics), then the rest, who join loaded cohorts.
    const firsts = tabSpecs.flatMap((s, i) =>
      tabSpecs.findIndex((t) => t.cohort === s.cohort) === i ? [i] : [],
    );
    const rest = tabSpecs.flatMap((_, i) => (firsts.includes(i) ? [] : [i]));
    const tabs: Tab[] = [];
    for (const [group, batch] of [
      [firsts, 10],
      [rest, 50],
    ] as const) {
      const opened = await openTabs(
        group.length,
        (j) =>
          openTab(gateway.url, tokens[tabSpecs[group[j]!]!.user]!, 'orders.live', {
            filter: tabSpecs[group[j]!]!.filter,
          }),
        batch,
      );
      opened.forEach((tab, j) => {
        tabs[group[j]!] = tab;
      });
    }
    // One tab speaks for its cohort's rows (every member holds the same rows).
    const cohorts = new Map<string, { filter: OrdersFilter; tab: Tab }>();
    tabSpecs.forEach((s, i) => {
      if (!cohorts.has(s.cohort)) cohorts.set(s.cohort, { filter: s.filter, tab: tabs[i]! });
    });
    // The first loads' statistics and the first token checks finish before anything is counted.
    await settled(async () => sumOf(await callCounts(sim), isOrdersRead), 1000, 20_000);

    // Changes stop once the budget is spent (a busy machine), with the figure over those made.
    const budgetEnds = Date.now() + opts.budgetMs;
    const value: number[] = [];
    const rowsCalls: number[] = [];
    const ideal: number[] = [];
    const seed: number[] = [];
    const late: number[] = [];
    const startCounts = await callCounts(sim);
    const startedAt = Date.now();
    for (const [k, target] of targets.entries()) {
      if (Date.now() > budgetEnds) break;
      const before = state.get(target.uid)!;
      const now = new Date();
      // The ideal, from the true before and after and the rows each cohort listed before the change.
      const listed = [...cohorts.values()].map(({ filter, tab }) => ({
        filter,
        inCohortRows: tab.rows.some((r) => r.uid === target.uid),
      }));
      const after = await changeOrder(sim, target.uid, patchFor(k, before, assignees));
      const written = await callCounts(sim);
      state.set(after.uid, after);
      let want = 0;
      for (const { filter, inCohortRows } of listed) {
        const touch = changeTouchesOrdersList({ before, after }, filter, { now, inCohortRows });
        want += (touch.rows ? 1 : 0) + touch.statistics.length;
      }
      ideal.push(want);
      seed.push(
        seedConsoleCalls(
          tabSpecs.map((s) => s.filter),
          before,
          after,
          now,
        ),
      );
      // A /changes call that reached the sim after the write has the change; the re-reads follow it
      // and are over once the count stands still for 0.7 s.
      const polled = Date.now() + opts.pollMs * 4;
      while (((await callCounts(sim))['/changes'] ?? 0) <= (written['/changes'] ?? 0) && Date.now() < polled)
        await sleep(50);
      late.push(Date.now() > polled ? 1 : 0);
      await sleep(300);
      await settled(async () => sumOf(await callCounts(sim), isOrdersRead), 700, 10_000);
      const done = await callCounts(sim);
      value.push(sumOf(done, isOrdersRead) - sumOf(written, isOrdersRead));
      rowsCalls.push((done['/orders/search/filter'] ?? 0) - (written['/orders/search/filter'] ?? 0));
    }
    const endCounts = await callCounts(sim);
    const seconds = (Date.now() - startedAt) / 1000;
    const total = value.reduce((a, b) => a + b, 0);
    const idealTotal = ideal.reduce((a, b) => a + b, 0);
    const seedTotal = seed.reduce((a, b) => a + b, 0);
    const median = percentile(value, 50);
    const idealMedian = percentile(ideal, 50);
    const seedMedian = percentile(seed, 50);
    const rowsTotal = rowsCalls.reduce((a, b) => a + b, 0);
    const delta = (path: string) => (endCounts[path] ?? 0) - (startCounts[path] ?? 0);
    figure('backend_calls_per_change', median, 'calls', {
      ideal: idealMedian,
      seed_console: seedMedian,
      total,
      ideal_total: idealTotal,
      seed_console_total: seedTotal,
      rows_calls_total: rowsTotal,
      statistics_calls_total: total - rowsTotal,
      per_change: value,
      ideal_per_change: ideal,
      changes: value.length,
      changes_planned: targets.length,
      changes_not_polled: late.reduce((a, b) => a + b, 0),
      tabs: opts.tabs,
      users: users.length,
      cohorts: cohorts.size,
      filter_kinds: FILTER_KINDS,
      poll_ms: opts.pollMs,
      // Reported apart: the one change poll, and the gateway's checks of its members' tokens.
      changes_calls: delta('/changes'),
      changes_calls_per_poll_interval: round(delta('/changes') / (seconds / (opts.pollMs / 1000)), 2),
      token_checks_per_poll_interval: round(delta('/users/me') / (seconds / (opts.pollMs / 1000)), 1),
      run_s: Math.round((Date.now() - t0) / 1000),
      bar: 'value <= 1.1 x ideal and value < seed_console',
      bar_ok: median <= 1.1 * idealMedian && median < seedMedian,
      bar_ok_total: total <= 1.1 * idealTotal && total < seedTotal,
    });
    closeTabs(tabs);
  });
}

/** The default orders list's first `limit` rows, straight from the backend. */
async function searchOrders(sim: SimProcess, token: string, limit: number): Promise<Order[]> {
  const res = await fetch(`${sim.url}/orders/search/filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(toOrdersSearchBody(DEFAULT_ORDERS_FILTER, { skip: 0, limit }, MANAGED_BY)),
  });
  if (!res.ok) throw new Error(`orders search: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { orders: Order[] } }).data.orders;
}

// ---- backend_rows_per_refresh ----

/** The window of a console list scrolled to `pages` pages (apps/web pageWindow). */
const pageWindow = (pages: number) => ({ skip: (pages - 1) * PAGE_SIZE, limit: PAGE_SIZE });
const LIST_ROUTES = ['/inventory_receipts/search', '/selling_channels_analytics/search'];
const isListRead = (path: string) => LIST_ROUTES.includes(path);

export interface RowsPerRefreshOptions {
  tabs: number;
  refreshMs: number;
  /** Refresh intervals each measurement spans. */
  intervals: number;
}

/**
 * Tabs of the inbounds and clients lists, some scrolled: tab i lists inbounds (even i) or clients (odd
 * i) as user i % 5, and is scrolled to 10 pages (i % 10 < 3), 4 pages (i % 10 < 5) or not at all, so
 * tabs i and i + 10 share a cohort. A scroll is what the console does: the subscription of page p
 * replaced by one of page p + 1 (each page its own socket here). Rows asked are counted at the sim
 * (the `limit` of each refresh body) right after the scrolls, while the pages left behind linger,
 * and again once they are gone.
 */
export async function backendRowsPerRefresh(sim: SimProcess, opts: RowsPerRefreshOptions): Promise<void> {
  const t0 = Date.now();
  // The change poll is not what is measured here: every ten minutes, it polls once, at the start.
  const env = { LIST_REFRESH_MS: String(opts.refreshMs), CHANGE_POLL_MS: '600000' };
  await withGateway(sim, env, async (gateway) => {
    const users = sim.users.slice(0, 5);
    const tokens = await Promise.all(users.map((u) => signIn(gateway.url, u.email)));
    const specs = Array.from({ length: opts.tabs }, (_, i) => {
      const path = i % 2 === 0 ? 'inbounds.live' : 'clients.live';
      const pages = i % 10 < 3 ? 10 : i % 10 < 5 ? 4 : 1;
      return { path, user: i % users.length, pages };
    });
    const tabs = await Promise.all(
      specs.map(async (s) => {
        let tab: Tab | null = null;
        for (let page = 1; page <= s.pages; page++) {
          const next = await openTab(gateway.url, tokens[s.user]!, s.path, { window: pageWindow(page) });
          tab?.sub.close();
          tab = next;
        }
        return tab!;
      }),
    );
    // The rows the open windows show: skip + limit of each distinct open cohort.
    const open = new Map(specs.map((s) => [`${s.user}|${s.path}|${s.pages}`, s.pages * PAGE_SIZE]));
    const shown = [...open.values()].reduce((a, b) => a + b, 0);
    const listCohorts = () =>
      metricSum(
        gateway.url,
        'waybill_realtime_cohorts',
        (l) => l.includes('kind="inbounds"') || l.includes('kind="clients"'),
      );
    // Both counters at once, timed at the middle of the read: on a busy machine a read takes a while,
    // and the intervals are counted from the time that really passed, not the sleep.
    const counters = async () => {
      const sent = Date.now();
      const [rows, calls] = await Promise.all([rowsAsked(sim), callCounts(sim)]);
      return { rows: sumOf(rows, isListRead), calls: sumOf(calls, isListRead), at: (sent + Date.now()) / 2 };
    };
    const perInterval = async () => {
      const cohorts = await listCohorts();
      const start = await counters();
      await sleep(opts.intervals * opts.refreshMs);
      const end = await counters();
      const intervals = (end.at - start.at) / opts.refreshMs;
      return {
        rows: (end.rows - start.rows) / intervals,
        calls: (end.calls - start.calls) / intervals,
        cohorts,
      };
    };
    const afterScroll = await perInterval();
    // Pages scrolled past linger (a quick return resumes them) and keep refreshing until they go.
    const until = Date.now() + 40_000;
    while ((await listCohorts()) > open.size && Date.now() < until) await sleep(1000);
    const steady = await perInterval();
    figure('backend_rows_per_refresh', steady.rows, 'rows', {
      shown,
      calls: round(steady.calls, 1),
      // Each refresh reads its cohort's whole window: rows per call x open cohorts is what a refresh
      // round asks for, whatever the timing of the counter reads.
      rows_per_call: round(steady.rows / steady.calls, 1),
      cohorts: steady.cohorts,
      open_cohorts: open.size,
      tabs: opts.tabs,
      users: users.length,
      refresh_ms: opts.refreshMs,
      intervals: opts.intervals,
      right_after_scroll: round(afterScroll.rows),
      right_after_scroll_calls: round(afterScroll.calls, 1),
      right_after_scroll_cohorts: afterScroll.cohorts,
      run_s: Math.round((Date.now() - t0) / 1000),
      bar: 'value <= shown',
      bar_ok: steady.rows <= shown,
      bar_ok_right_after_scroll: afterScroll.rows <= shown,
    });
    closeTabs(tabs);
  });
}

// ---- backend_change_visible_ms ----

export interface ChangeVisibleOptions {
  subscribers: number;
  users: number;
  changes: number;
  pollMs: number;
  /** Time the changes may take, all told. */
  budgetMs: number;
}

/**
 * 1,000 subscribers of the default orders list over ten users; each round changes, at the backend,
 * an order among the list's first rows and times, per subscriber, the row with the change's
 * updated_at arriving: from the bench's clock when the sim's control call answered (and, beside,
 * from the updated_at the sim wrote). Rounds are a poll interval apart at least.
 */
export async function backendChangeVisible(sim: SimProcess, opts: ChangeVisibleOptions): Promise<void> {
  const started = Date.now();
  await withGateway(sim, { CHANGE_POLL_MS: String(opts.pollMs) }, async (gateway) => {
    const tokens = await Promise.all(sim.users.slice(0, opts.users).map((u) => signIn(gateway.url, u.email)));
    let target = '';
    let arrivals = new Map<Tab, number>();
    const tabs: Tab[] = [];
    const opened = await openTabs(
      opts.subscribers,
      (i) =>
        openTab(gateway.url, tokens[i % tokens.length]!, 'orders.live', {}, (row) => {
          const tab = tabs[i];
          if (tab && `${row.uid}@${row.updated_at}` === target && !arrivals.has(tab))
            arrivals.set(tab, Date.now());
        }),
      200,
    );
    tabs.push(...opened);
    await sleep(1000);
    const fromWrite: number[] = [];
    const fromUpdatedAt: number[] = [];
    let missing = 0;
    const changed = new Set<string>();
    const [changes0, t0] = [(await callCounts(sim))['/changes'] ?? 0, Date.now()];
    let rounds = 0;
    for (; rounds < opts.changes && Date.now() - t0 < opts.budgetMs; rounds++) {
      // An order the list shows now, not changed before in this run.
      const uid = tabs[0]!.rows.find((row) => !changed.has(row.uid))?.uid ?? tabs[0]!.rows[0]!.uid;
      changed.add(uid);
      arrivals = new Map();
      const after = await changeOrder(sim, uid);
      const writtenAt = Date.now();
      target = `${after.uid}@${after.updated_at}`;
      const deadline = writtenAt + 4 * opts.pollMs + 2000;
      while (arrivals.size < tabs.length && Date.now() < deadline) await sleep(10);
      for (const at of arrivals.values()) {
        fromWrite.push(at - writtenAt);
        fromUpdatedAt.push(at - Date.parse(after.updated_at));
      }
      missing += tabs.length - arrivals.size;
      // The statistics of the change land after the rows; the next change waits a poll interval at least.
      await sleep(Math.max(500, writtenAt + opts.pollMs - Date.now()));
    }
    const seconds = (Date.now() - t0) / 1000;
    const changesCalls = ((await callCounts(sim))['/changes'] ?? 0) - changes0;
    const perSecond = changesCalls / seconds;
    figure('backend_change_visible_ms', percentile(fromWrite, 95), 'ms', {
      subscribers: opts.subscribers,
      users: tokens.length,
      p50: percentile(fromWrite, 50),
      p95: percentile(fromWrite, 95),
      p99: percentile(fromWrite, 99),
      from_updated_at_p95: percentile(fromUpdatedAt, 95),
      samples: fromWrite.length,
      missing,
      changes: rounds,
      changes_planned: opts.changes,
      poll_ms: opts.pollMs,
      changes_calls_per_second: round(perSecond, 3),
      run_s: Math.round((Date.now() - started) / 1000),
      bar_p95: 1500,
      bar_ok: percentile(fromWrite, 95) <= 1500 && missing === 0,
      bar_changes_calls_per_second: 1,
      bar_changes_ok: perSecond <= 1,
    });
    closeTabs(tabs);
  });
}

/** The three figures, each bounded in time and count (about three minutes on a 2-core machine). */
export async function backendLoad(sim: SimProcess): Promise<void> {
  // The first two side by side, to keep the step near three minutes: they count different routes
  // (orders reads; inbounds and clients rows), and the second one's gateway polls /changes once, at
  // its start, before the first one counts anything.
  await Promise.all([
    backendCallsPerChange(sim, {
      tabs: 200,
      changes: Number(process.env.BENCH_CHANGES ?? 12),
      pollMs: 1000,
      budgetMs: 90_000,
    }),
    backendRowsPerRefresh(sim, { tabs: 20, refreshMs: 1000, intervals: 8 }),
  ]);
  await backendChangeVisible(sim, {
    subscribers: 1000,
    users: 10,
    changes: 20,
    pollMs: 1000,
    budgetMs: 50_000,
  });
}
