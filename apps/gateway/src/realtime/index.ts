import { type Order, parseServerTime } from '@waybill/contracts';
import type { Registry } from 'prom-client';
import { type ChangeEventLog, MemoryChangeEventLog } from './change-events.js';
import { ChangePoll, LocalPollLease, type PollLease } from './change-poll.js';
import { ALL_PARTS, type CohortFetch, mergeParts, type RefreshParts } from './cohort.js';
import { CohortQuota } from './cohort-quota.js';
import { CohortRegistry } from './cohort-registry.js';
import { type ExportJobStore, ExportJobs } from './export-jobs.js';
import { KnownOrders, type OrderChange } from './known-orders.js';
import { MemberTokens } from './member-tokens.js';
import { MemoryOwnWriteStore, type OwnWriteStore } from './own-write-store.js';
import { OwnWrites } from './own-writes.js';
import { watchPoll } from './poll-watch.js';
import { createRealtimeMetrics } from './realtime-metrics.js';
import type { BackendCaller, RealtimeLogger } from './types.js';

export interface RealtimeOptions {
  backend: BackendCaller;
  logger: RealtimeLogger;
  registry: Registry;
  serviceToken: string;
  managedBy: string;
  changePollMs: number;
  /** How often each live subscription's token is checked with the backend. */
  tokenCheckMs: number;
  /** Refresh period of the lists that are not refreshed by change events (inbounds, clients). */
  listRefreshMs: number;
  /** Distinct live cohorts one user may hold at once, over every list. */
  cohortsPerUser: number;
  /** Bytes one live list's answer may hold (LIST_MAX_ANSWER_BYTES); no cap without it. */
  listMaxAnswerBytes?: number;
  cohortLingerMs?: number;
  exportIntervalMs?: number;
  exportMaxChecks?: number;
  /** Multi-replica mode swaps these for Redis-backed ones. */
  events?: ChangeEventLog;
  lease?: PollLease;
  exportStore?: ExportJobStore;
  ownWriteStore?: OwnWriteStore;
}

/** Lists refreshed at once by an own write to an inbound (the change poll reads orders only). */
const INBOUND_LISTS = new Set(['inbounds']);

/** What a cohort's read of a list may hold. */
export interface LiveListLimits {
  /** Bytes of the answer's rows and list-level fields as JSON (LIST_MAX_ANSWER_BYTES). */
  maxAnswerBytes: number;
}

/** What the realtime half needs of a live list (made by `defineLiveList`). */
export interface LiveListKind<Row extends { uid: string }, Meta, Query> {
  name: string;
  /** A cohort's backend read for a query. */
  fetcher(
    backend: BackendCaller,
    managedBy: string,
    limits?: LiveListLimits,
  ): (query: Query) => CohortFetch<Row, Meta>;
  /**
   * Lists with it re-read the parts of a cohort it names on each change event with an order that
   * could touch them (null: none); lists without it refresh every `listRefreshMs`.
   */
  affectedBy?: (
    change: OrderChange,
    query: Query,
    ctx: { now: Date; inCohortRows: boolean },
  ) => RefreshParts | null;
  /**
   * For lists re-read on change events: whether a cohort of this query also refreshes every
   * `listRefreshMs`, for what the change poll does not report (an order managed by someone else).
   */
  timedRefresh?: (query: Query) => boolean;
  /** False for cohorts that do not count against the per-user cohort quota (order details). */
  inCohortQuota?: boolean;
  /** True when the rows are orders as the change poll reads them (the orders list). */
  rowsAreOrders?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: one map holds the registries of every list's types.
type AnyKind = LiveListKind<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
type AnyRegistry = CohortRegistry<any, any, any>;

const newerOrder = (a: Order, b: Order) =>
  (parseServerTime(a.updated_at)?.getTime() ?? 0) > (parseServerTime(b.updated_at)?.getTime() ?? 0);

/** The realtime half of the gateway: the shared change poll, live cohorts and export jobs. */
export function createRealtime(opts: RealtimeOptions) {
  const events = opts.events ?? new MemoryChangeEventLog();
  const lease = opts.lease ?? new LocalPollLease();
  const lingerMs = opts.cohortLingerMs ?? 30_000;
  const quota = new CohortQuota(opts.cohortsPerUser);
  // Every live subscription's own token, checked every `tokenCheckMs` (users.me).
  const tokens = new MemberTokens({
    check: async (token) => (await opts.backend.call('users.me', { token })).user.uid,
    intervalMs: opts.tokenCheckMs,
    logger: opts.logger,
  });
  let poll: ChangePoll | null = null;
  const registries = new Map<AnyKind, AnyRegistry>();
  const count = (of: (registry: AnyRegistry) => number) =>
    Object.fromEntries([...registries].map(([kind, registry]) => [kind.name, of(registry)]));
  const metrics = createRealtimeMetrics(opts.registry, {
    subscribers: () => count((r) => r.memberCount()),
    cohorts: () => count((r) => r.cohorts.size),
    pollLagSeconds: () => (poll ? poll.lagMs() / 1000 : 0),
    pollLeader: () => poll?.isLeader() ?? false,
  });
  const hooks = {
    onFetch: (kind: string, outcome: 'ok' | 'error') => metrics.cohortFetches.inc({ kind, outcome }),
    onPush: (_kind: string, _members: number, sinceMs: number | null) => {
      if (sinceMs !== null) metrics.pushLatency.observe(sinceMs / 1000);
    },
    onWrite: (_kind: string, sockets: number, seconds: number) => {
      metrics.pushWrites.inc(sockets);
      metrics.pushWriteSeconds.inc(seconds);
    },
    onTokenRefused: (token: string) => tokens.refused(token),
    onRefreshFailed: (held: string[]) => tokens.recheck(held),
  };

  /** The cohorts of one live list, made on its first subscriber. */
  function list<Row extends { uid: string }, Meta, Query>(
    kind: LiveListKind<Row, Meta, Query>,
  ): CohortRegistry<Row, Meta, Query> {
    let registry = registries.get(kind) as CohortRegistry<Row, Meta, Query> | undefined;
    if (registry) return registry;
    const byChanges = kind.affectedBy !== undefined;
    const intervalMs = byChanges ? opts.changePollMs : opts.listRefreshMs;
    registry = new CohortRegistry<Row, Meta, Query>({
      kind: kind.name,
      fetch: kind.fetcher(
        opts.backend,
        opts.managedBy,
        opts.listMaxAnswerBytes ? { maxAnswerBytes: opts.listMaxAnswerBytes } : undefined,
      ),
      ...(byChanges ? {} : { refreshEveryMs: intervalMs }),
      ...(byChanges && kind.timedRefresh
        ? { refreshEveryMs: opts.listRefreshMs, timed: kind.timedRefresh }
        : {}),
      // Failures lasting two of the list's own refresh intervals pause live updates.
      health: { intervalMs, retry: byChanges },
      ...(kind.inCohortQuota === false ? {} : { quota }),
      tokens,
      lingerMs,
      logger: opts.logger,
      hooks,
    });
    registries.set(kind, registry);
    return registry;
  }

  poll = new ChangePoll({
    backend: opts.backend,
    log: events,
    lease,
    logger: opts.logger,
    serviceToken: opts.serviceToken,
    managedBy: opts.managedBy,
    intervalMs: opts.changePollMs,
    onPoll: (outcome) => metrics.polls.inc({ outcome }),
  });
  const exports = new ExportJobs({
    backend: opts.backend,
    serviceToken: opts.serviceToken,
    logger: opts.logger,
    intervalMs: opts.exportIntervalMs,
    maxChecks: opts.exportMaxChecks,
    ...(opts.exportStore ? { store: opts.exportStore } : {}),
    onChange: ({ running, total }) => {
      metrics.exportJobs.set({ state: 'running' }, running);
      metrics.exportJobs.set({ state: 'finished' }, total - running);
    },
  });

  const ownWrites = new OwnWrites({
    log: events,
    store: opts.ownWriteStore ?? new MemoryOwnWriteStore(),
    backend: opts.backend,
    logger: opts.logger,
  });

  // A change event refreshes every cohort of a change-driven list that its list says it could touch;
  // an own write to an inbound refreshes the inbound lists' cohorts at once.
  const known = new KnownOrders();
  /** Other parts that judge changes against a filter (saved views' counts), with the same `before`. */
  const changeListeners = new Set<(changes: OrderChange[]) => void>();
  const unsubscribe = events.subscribe((event) => {
    metrics.changedOrders.inc(event.orders.length);
    const now = new Date();
    const changes = known.changes(event.orders, listedOrder);
    for (const listener of changeListeners) listener(changes);
    for (const [kind, registry] of registries) {
      if (event.inbounds?.length && INBOUND_LISTS.has(kind.name)) {
        registry.refreshWhere(() => ALL_PARTS, event.polledAt);
      }
      const { affectedBy } = kind;
      if (!affectedBy) continue;
      // The early patch, then the re-reads (CohortRegistry.applyChange).
      registry.applyChange(event.orders, event.polledAt, (query, cohort) =>
        changes.reduce<RefreshParts | null>((parts, change) => {
          const touched = affectedBy(change, query, { now, inCohortRows: cohort.has(change.after.uid) });
          return touched ? mergeParts(parts, touched) : parts;
        }, null),
      );
    }
  });

  /** The newest row an order list shows for an order, read before the change's early patch. */
  function listedOrder(uid: string): Order | undefined {
    let found: Order | undefined;
    for (const [kind, registry] of registries) {
      if (!kind.rowsAreOrders) continue;
      const row = (registry as CohortRegistry<Order, unknown, unknown>).listedRow(uid, newerOrder);
      if (row && (!found || newerOrder(row, found))) found = row;
    }
    return found;
  }

  const activePoll = poll;
  /** Every cohort of the lists refreshed by change events. */
  const changeDriven = function* () {
    for (const [kind, registry] of registries)
      if (kind.affectedBy) for (const { cohort } of registry.cohorts.values()) yield cohort;
  };
  let unwatch = () => {};
  return {
    events,
    lease,
    poll: activePoll,
    list,
    /** Whose a live subscription's token is (its cohorts' scope), and whether the backend still takes it. */
    tokens,
    exports,
    metrics,
    ownWrites,
    /** Hears each change event's orders paired with their last known state; returns the unsubscribe. */
    onOrderChanges(listener: (changes: OrderChange[]) => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    start(): void {
      activePoll.start();
      // A poll that falls behind brings no change to refresh on: say so, and re-read once it is back.
      unwatch = watchPoll({
        lagMs: () => activePoll.lagMs(),
        intervalMs: opts.changePollMs,
        onStale: () =>
          opts.logger.warn({ lagMs: activePoll.lagMs() }, 'change poll behind: live lists paused'),
        whileStale: () => {
          for (const cohort of changeDriven()) cohort.pauseLive();
        },
        onFresh: () => {
          for (const cohort of changeDriven()) cohort.resumeLive();
        },
      });
    },
    /** Ready when the poll is not lagging more than three intervals behind. */
    readiness(): { ok: boolean; pollLagMs: number; lastError: string | null } {
      const pollLagMs = activePoll.lagMs();
      return { ok: pollLagMs <= opts.changePollMs * 3 + 10_000, pollLagMs, lastError: activePoll.lastError };
    },
    async close(): Promise<void> {
      unwatch();
      unsubscribe();
      await activePoll.stop();
      for (const registry of registries.values()) registry.close();
      tokens.close();
      exports.close();
      await lease.release();
      await events.close();
    },
  };
}
export type Realtime = ReturnType<typeof createRealtime>;
