/**
 * `pnpm chaos`: the scale deployment (backend-sim, Redis with a replica and three Sentinels, two
 * gateways, nginx) with 50 script clients and two console tabs, driven through a rolling restart, a
 * Redis restart, a Redis failover, a 60 s backend outage, a balancer restart and a redeploy of a
 * rebuilt console. Prints one JSON line per figure (docs/operations.md) and exits 1 when one misses
 * its bar. Progress goes to stderr.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { polledOrders } from '../test/realtime/harness.js';
import { buildConsoles, type ConsoleBuilds } from './console-builds.js';
import { type Figure, figure, log, when } from './figures.js';
import { Ledger } from './ledger.js';
import { type ScriptClient, sessionState, startScriptClient, versionKey } from './script-clients.js';
import { type ChaosStack, startChaosStack } from './stack.js';
import {
  draftsMissing,
  openTabs,
  reloadSafely,
  shownAt,
  signedOut,
  type Tab,
  type Tabs,
  tabCurrent,
  tabState,
  takeNewVersion,
} from './tabs.js';

const CHANGE_POLL_MS = 1000;
const OUTAGE_MS = 60_000;
const CLIENTS = 50;
/** Users of one department see the same orders list; ten scripts each stay under WS_MAX_PER_USER. */
const CLIENT_USERS = ['ops', 'ana.popescu', 'mihai.ionescu', 'eszter.nagy', 'zofia.nowak'].map(
  (u) => `${u}@example.com`,
);
const TAB_USERS = ['ops@example.com', 'lucia.garcia@example.com'];
/** After a fault, how long the scenario waits for every screen to be current before counting what is not. */
const SETTLE_MS = 30_000;
/** The whole run, set-up included: past it the scenario stops, cleans up and fails. */
const RUN_LIMIT_MS = 9 * 60_000;
const BARS = { bannerMs: 2_000, pausedMs: 2 * CHANGE_POLL_MS, recoveryMs: 5_000 };

let stack: ChaosStack | undefined;
let builds: ConsoleBuilds | undefined;
let tabs: Tabs | undefined;
const clients: ScriptClient[] = [];

async function cleanUp() {
  for (const client of clients) client.close();
  await tabs?.close().catch(() => undefined);
  await stack?.close();
  await builds?.remove();
}

// Stopped from outside (Ctrl-C, CI cancelling): the processes it started go with it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(1));
  });
}

const limit = setTimeout(() => {
  log(`the run passed ${RUN_LIMIT_MS / 60_000} minutes: stopping`);
  void cleanUp().finally(() => process.exit(1));
}, RUN_LIMIT_MS);

/** What the figures are made of, filled in as the steps run. */
const seen = {
  recoveries: [] as Array<{ step: string; ms: number }>,
  bannerMs: [] as number[],
  pausedMs: null as number | null,
  draftsMissing: new Map<string, number>(),
  signedOutTabs: new Set<string>(),
  /** Tabs left on the old release without the offer (or with no screen left to ask for). */
  newVersionMissed: 0,
  /** Spans in which a 503 with Retry-After is the documented answer (Redis unreachable). */
  redisLoss: [] as Array<[number, number]>,
};

async function checkTabs(tabsNow: Tab[]) {
  for (const tab of tabsNow) {
    if (signedOut(tab)) seen.signedOutTabs.add(tab.email);
    const missing = await draftsMissing(tab);
    seen.draftsMissing.set(tab.email, Math.max(seen.draftsMissing.get(tab.email) ?? 0, missing));
  }
}

/**
 * The end of a fault at `endedAt`: one more change made now, then the time until every client
 * shows every change's newest version, live (not paused), and every tab shows its order live.
 */
async function settle(ledger: Ledger, step: string, endedAt: number) {
  ledger.change(step);
  const tabList = tabs?.tabs ?? [];
  // When each kind of screen was first current, for the log: which one held the recovery back.
  const firstAt: Record<string, number> = {};
  const mark = (what: string, ok: boolean) => {
    if (ok) firstAt[what] ??= Date.now() - endedAt;
    else delete firstAt[what];
    return ok;
  };
  const at = await when(async () => {
    const changes = mark(
      'changes',
      clients.every((c) => ledger.current(c)),
    );
    const live = mark(
      'live',
      clients.every((c) => c.health.at(-1)?.paused !== true),
    );
    let tabsOk = true;
    for (const tab of tabList) tabsOk = mark(`tab ${tab.email}`, await tabCurrent(tab)) && tabsOk;
    return changes && live && tabsOk;
  }, SETTLE_MS);
  const ms = (at ?? Date.now()) - endedAt;
  seen.recoveries.push({ step, ms });
  // Scripts whose socket dropped: how long each took to open a new one after the fault ended.
  const reopened = clients
    .map((c) => c.sockets.openedAt.find((t) => t >= endedAt))
    .filter((t): t is number => t !== undefined)
    .map((t) => t - endedAt)
    .sort((a, b) => a - b);
  if (reopened.length > 0)
    log(
      `${step}: ${reopened.length} scripts reconnected, median ${reopened[reopened.length >> 1]} ms, last ${reopened.at(-1)} ms`,
    );
  log(
    `${step}: ${at === null ? `not current after ${ms} ms` : `every screen current ${ms} ms after`} ${JSON.stringify(firstAt)}`,
  );
  if (at === null) {
    const behind = clients.filter((c) => !ledger.current(c));
    const paused = clients.filter((c) => c.health.at(-1)?.paused === true);
    const sample = behind.slice(0, 3).map((c) => ({
      email: c.email,
      opens: c.sockets.opens,
      closes: c.sockets.closes.slice(-3).map((x) => `${x.code}@-${Date.now() - x.at}ms`),
      missing: ledger.latest().filter((x) => !c.arrivals.has(versionKey(x.uid, x.updatedAt))).length,
      errors: c.otherErrors.slice(-2),
    }));
    log(`  behind, for example: ${JSON.stringify(sample)}`);
    log(
      `  ${behind.length} clients behind, ${paused.length} paused; tabs: ${JSON.stringify(await Promise.all(tabList.map(tabState)))}`,
    );
    for (const gateway of stack?.gateways ?? [])
      log(
        `  gateway ${gateway.name}, last lines:\n${gateway.output().trim().split('\n').slice(-15).join('\n')}`,
      );
  }
  await checkTabs(tabList);
}

async function main() {
  log('building two releases of the console');
  builds = await buildConsoles();
  log('starting backend-sim, Redis + replica + 3 Sentinels, two gateways, nginx');
  stack = await startChaosStack({
    webDist: builds.current,
    env: {
      TRUST_PROXY: '127.0.0.1',
      CHANGE_POLL_MS: String(CHANGE_POLL_MS),
      // 50 scripts and two tabs sign in within seconds from one address.
      SIGNIN_RATE_MAX: '1000',
      // Kept in memory; printed when a step does not recover, to say why.
      LOG_LEVEL: 'info',
    },
  });
  const url = stack.nginx.url;

  // The tabs first: their orders are left out of the changes (a change under an open status modal
  // is a conflict the user must settle, which would be the scenario's doing).
  const tabOrders = new Set<string>();
  log('opening two console tabs');
  tabs = await openTabs(url, TAB_USERS, tabOrders);

  log(`signing in ${CLIENTS} script clients`);
  const watched = new Set<string>();
  for (let i = 0; i < CLIENTS; i += 10) {
    const batch = Array.from({ length: Math.min(10, CLIENTS - i) }, (_, j) =>
      startScriptClient(url, CLIENT_USERS[(i + j) % CLIENT_USERS.length]!, watched),
    );
    clients.push(...(await Promise.all(batch)));
  }
  await when(() => clients.every((c) => c.state !== null), 60_000);
  const listed = clients.map((c) => new Set(c.state?.rows.map((r) => r.uid) ?? []));
  const pool = polledOrders(clients[0]?.state?.rows ?? [])
    .map((o) => o.uid)
    .filter((uid) => !tabOrders.has(uid) && listed.every((l) => l.has(uid)));
  for (const uid of pool) watched.add(uid);
  const ledger = new Ledger(stack.sim, pool);
  log(`${pool.length} orders listed by every client will change`);

  const s = stack;
  const tabList = tabs.tabs;

  for (const [index, name] of [
    [0, 'rolling restart a'],
    [1, 'rolling restart b'],
  ] as const) {
    log(name);
    ledger.change(name);
    await s.restartGateway(index, { meanwhile: () => ledger.change(name) });
    await settle(ledger, name, Date.now());
  }

  log('Redis restart');
  const redisDown = Date.now();
  ledger.change('redis restart');
  const restart = await s.restartRedisPrimary(() => ledger.change('redis restart'));
  if (restart.failedOver) log('the Sentinels promoted the replica while the primary restarted');
  const redisBack = Date.now();
  await settle(ledger, 'redis restart', redisBack);
  seen.redisLoss.push([redisDown, Date.now()]);

  log('Redis failover');
  const failoverAt = Date.now();
  ledger.change('redis failover');
  const failover = await s.killRedisPrimary(() => ledger.change('redis failover'));
  log(`the Sentinels promoted ${failover.promotedPort} after ${Date.now() - failoverAt} ms`);
  await settle(ledger, 'redis failover', Date.now());
  seen.redisLoss.push([failoverAt, Date.now()]);
  await s.rejoinRedis(failover.killedPort);

  log(`backend outage (${OUTAGE_MS / 1000} s)`);
  const failingAt = Date.now();
  s.sim.control.setFault({ kind: 'down' });
  ledger.change('backend outage');
  // A list still paused from an earlier fault counts as showing it.
  const pausedTimes = await Promise.all([
    when(() => clients.every((c) => c.health.at(-1)?.paused === true), 30_000),
    ...tabList.map((tab) => shownAt(tab, '[data-testid=live-paused]', 30_000)),
  ]);
  seen.pausedMs = pausedTimes.every((t) => t !== null)
    ? Math.max(...(pausedTimes as number[])) - failingAt
    : null;
  log(`paused on every list ${seen.pausedMs ?? 'never'} ms after the backend failed`);
  ledger.change('backend outage');
  // The outage lasts its full length whatever the screens did meanwhile: a timed fault, not a wait.
  await new Promise((r) => setTimeout(r, Math.max(0, failingAt + OUTAGE_MS - Date.now())));
  s.sim.control.setFault(null);
  await settle(ledger, 'backend outage', Date.now());

  log('balancer restart');
  const closesBefore = tabList.map((t) => t.socketCloses.length);
  ledger.change('balancer restart');
  await s.stopNginx();
  const banners = await Promise.all(
    tabList.map(async (tab, i) => {
      const shown = await shownAt(tab, '[data-testid=connection-banner][data-state=reconnecting]', 10_000);
      const closedAt = tab.socketCloses[closesBefore[i]!];
      return shown !== null && closedAt !== undefined ? shown - closedAt : null;
    }),
  );
  for (const ms of banners) seen.bannerMs.push(ms ?? Number.POSITIVE_INFINITY);
  log(`connection banner after the drop: ${JSON.stringify(banners)} ms`);
  ledger.change('balancer restart');
  await s.startNginx();
  await settle(ledger, 'balancer restart', Date.now());

  log('redeploy: the gateways restarted one at a time with a rebuilt console');
  for (const index of [0, 1]) {
    ledger.change('redeploy');
    await s.restartGateway(index, { webDist: builds.next, meanwhile: () => ledger.change('redeploy') });
  }
  await settle(ledger, 'redeploy', Date.now());
  const [reloading, offered] = tabList as [Tab, Tab];
  await reloadSafely(reloading);
  const release = (assetPath: string) =>
    existsSync(join(builds!.current, assetPath))
      ? 'current'
      : existsSync(join(builds!.next, assetPath))
        ? 'next'
        : null;
  const outcome = await takeNewVersion(offered, release);
  log(`the tab that opened an unloaded screen after the redeploy: ${outcome}`);
  if (outcome === 'missed' || outcome === 'no-unloaded-screen') seen.newVersionMissed += 1;
  await checkTabs(tabList);

  // A last change after everything: a duplicate of an earlier one would have arrived before it.
  await settle(ledger, 'final', Date.now());
  return report(ledger);
}

async function report(ledger: Ledger): Promise<Figure[]> {
  const s = stack!;
  // Each session asked until it answers either way (the stack may still be settling).
  const sessions = await Promise.all(
    clients.map(async (c) => {
      const states: string[] = [];
      await when(async () => {
        states.push(await sessionState(c));
        return states.at(-1) !== 'failing';
      }, 30_000);
      return states.at(-1);
    }),
  );
  const signedOutClients = clients.filter((c, i) => c.signOuts.length > 0 || sessions[i] === 'signed-out');
  const lost = clients.reduce((n, c) => n + ledger.lost(c).length, 0);
  const duplicated = clients.reduce((n, c) => n + ledger.duplicated(c), 0);
  const errors = (await s.accessLog()).filter((l) => l.status >= 500);
  const unintended = errors.filter(
    (l) =>
      !(l.status === 503 && l.retryAfter !== null && seen.redisLoss.some(([a, b]) => l.at >= a && l.at <= b)),
  );
  for (const l of unintended.slice(0, 20))
    log(
      `unintended ${l.status} ${l.method} ${l.uri} at ${new Date(l.at).toISOString()} via ${l.upstreams.join(',')} (${l.upstreamStatuses.join(',')})`,
    );
  for (const c of signedOutClients.slice(0, 5))
    log(`signed out: ${c.email} ${c.signOuts[0] ?? 'users.me refused'}`);
  for (const c of clients.filter((c) => ledger.lost(c).length > 0).slice(0, 5))
    log(
      `lost at ${c.email}: ${ledger
        .lost(c)
        .map((x) => `${x.uid}@${x.updatedAt} (${x.step})`)
        .join(', ')}`,
    );
  const otherErrors = clients.flatMap((c) => c.otherErrors);
  if (otherErrors.length > 0) log(`other client errors: ${otherErrors.slice(0, 5).join(' | ')}`);
  log(
    `recoveries: ${JSON.stringify(seen.recoveries)}; ${ledger.changes.length} changes × ${clients.length} clients`,
  );

  const worst = (values: number[]) => (values.length === 0 ? Number.POSITIVE_INFINITY : Math.max(...values));
  return [
    figure('chaos_signed_out', signedOutClients.length + seen.signedOutTabs.size, { equal: 0 }),
    figure(
      'chaos_drafts_lost',
      [...seen.draftsMissing.values()].reduce((a, b) => a + b, 0),
      { equal: 0 },
    ),
    figure('chaos_changes_lost', lost, { equal: 0 }),
    figure('chaos_changes_duplicated', duplicated, { equal: 0 }),
    figure('chaos_unintended_5xx', unintended.length, { equal: 0 }),
    figure('chaos_new_version_missed', seen.newVersionMissed, { equal: 0 }),
    figure('chaos_banner_ms', worst(seen.bannerMs), { atMost: BARS.bannerMs }),
    figure('chaos_paused_ms', seen.pausedMs ?? Number.POSITIVE_INFINITY, { atMost: BARS.pausedMs }),
    figure('chaos_recovery_ms', worst(seen.recoveries.map((r) => r.ms)), { atMost: BARS.recoveryMs }),
  ];
}

let code = 1;
try {
  const figures = await main();
  for (const f of figures) {
    // A figure never measured (no banner seen, say) prints as null and misses its bar.
    console.log(JSON.stringify({ ...f, value: Number.isFinite(f.value) ? f.value : null }));
  }
  code = figures.every((f) => f.ok) ? 0 : 1;
} catch (error) {
  log(`the scenario stopped: ${(error as Error).stack ?? String(error)}`);
} finally {
  clearTimeout(limit);
  await cleanUp();
}
process.exit(code);
