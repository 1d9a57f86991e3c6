import {
  AUTO_REFRESH_MS,
  type ClientsQuery,
  changeMayAffectCohort,
  type Inbound,
  type InboundsQuery,
  type Order,
  type OrdersQuery,
  type SellingChannelAnalyticsRow,
} from '@waybill/contracts';
import type { Registry } from 'prom-client';
import { type ChangeEventLog, MemoryChangeEventLog } from './change-events.js';
import { ChangePoll, LocalPollLease, type PollLease } from './change-poll.js';
import { CohortRegistry } from './cohort-registry.js';
import { type ExportJobStore, ExportJobs } from './export-jobs.js';
import {
  type ClientsLiveMeta,
  clientsFetch,
  type InboundsLiveMeta,
  inboundsFetch,
  type OrdersLiveMeta,
  ordersFetch,
} from './list-fetchers.js';
import { createRealtimeMetrics } from './realtime-metrics.js';
import type { BackendCaller, RealtimeLogger } from './types.js';

export interface RealtimeOptions {
  backend: BackendCaller;
  logger: RealtimeLogger;
  registry: Registry;
  serviceToken: string;
  managedBy: string;
  changePollMs: number;
  /** Refresh period of inbound and clients cohorts (spec: 30 s). */
  listRefreshMs?: number;
  cohortLingerMs?: number;
  exportIntervalMs?: number;
  exportMaxChecks?: number;
  /** Multi-replica mode swaps these for Redis-backed ones. */
  events?: ChangeEventLog;
  lease?: PollLease;
  exportStore?: ExportJobStore;
}

export type OrdersRegistry = CohortRegistry<Order, OrdersLiveMeta, OrdersQuery>;
export type InboundsRegistry = CohortRegistry<Inbound, InboundsLiveMeta, InboundsQuery>;
export type ClientsRegistry = CohortRegistry<SellingChannelAnalyticsRow, ClientsLiveMeta, ClientsQuery>;

/** The realtime half of the gateway: the shared change poll, live cohorts and export jobs. */
export function createRealtime(opts: RealtimeOptions) {
  const events = opts.events ?? new MemoryChangeEventLog();
  const lease = opts.lease ?? new LocalPollLease();
  const lingerMs = opts.cohortLingerMs ?? 30_000;
  let poll: ChangePoll | null = null;
  const registries = {} as { orders: OrdersRegistry; inbounds: InboundsRegistry; clients: ClientsRegistry };
  const metrics = createRealtimeMetrics(opts.registry, {
    subscribers: () => ({
      orders: registries.orders.memberCount(),
      inbounds: registries.inbounds.memberCount(),
      clients: registries.clients.memberCount(),
    }),
    cohorts: () => ({
      orders: registries.orders.cohorts.size,
      inbounds: registries.inbounds.cohorts.size,
      clients: registries.clients.cohorts.size,
    }),
    pollLagSeconds: () => (poll ? poll.lagMs() / 1000 : 0),
  });
  const hooks = {
    onFetch: (kind: string, outcome: 'ok' | 'error') => metrics.cohortFetches.inc({ kind, outcome }),
    onPush: (_kind: string, _members: number, sinceMs: number | null) => {
      if (sinceMs !== null) metrics.pushLatency.observe(sinceMs / 1000);
    },
  };
  registries.orders = new CohortRegistry({
    kind: 'orders',
    fetch: ordersFetch(opts.backend, opts.managedBy),
    lingerMs,
    logger: opts.logger,
    hooks,
  });
  registries.inbounds = new CohortRegistry({
    kind: 'inbounds',
    fetch: inboundsFetch(opts.backend),
    refreshEveryMs: opts.listRefreshMs ?? AUTO_REFRESH_MS,
    lingerMs,
    logger: opts.logger,
    hooks,
  });
  registries.clients = new CohortRegistry({
    kind: 'clients',
    fetch: clientsFetch(opts.backend),
    refreshEveryMs: opts.listRefreshMs ?? AUTO_REFRESH_MS,
    lingerMs,
    logger: opts.logger,
    hooks,
  });
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

  // A change event refreshes every order cohort it could touch (contracts decide, conservatively).
  // Order cohorts push statistics whose facet counts include orders outside the filter, so they
  // ask with includeStatistics.
  const unsubscribe = events.subscribe((event) => {
    metrics.changedOrders.inc(event.orders.length);
    const now = new Date();
    for (const { cohort, query } of registries.orders.cohorts.values()) {
      const touched = event.orders.some((o) =>
        changeMayAffectCohort(o, query.filter, {
          now,
          inCohortRows: cohort.has(o.uid),
          includeStatistics: true,
        }),
      );
      if (touched) void cohort.refresh(event.polledAt).catch(() => {});
    }
  });

  const activePoll = poll;
  return {
    events,
    lease,
    poll: activePoll,
    orders: registries.orders,
    inbounds: registries.inbounds,
    clients: registries.clients,
    exports,
    metrics,
    start(): void {
      activePoll.start();
    },
    /** Ready when the poll is not lagging more than three intervals behind. */
    readiness(): { ok: boolean; pollLagMs: number; lastError: string | null } {
      const pollLagMs = activePoll.lagMs();
      return { ok: pollLagMs <= opts.changePollMs * 3 + 10_000, pollLagMs, lastError: activePoll.lastError };
    },
    async close(): Promise<void> {
      unsubscribe();
      await activePoll.stop();
      registries.orders.close();
      registries.inbounds.close();
      registries.clients.close();
      exports.close();
      await lease.release();
      await events.close();
    },
  };
}
export type Realtime = ReturnType<typeof createRealtime>;
