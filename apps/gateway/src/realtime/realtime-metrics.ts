import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export interface RealtimeMetricsSource {
  subscribers(): Record<string, number>;
  cohorts(): Record<string, number>;
  pollLagSeconds(): number;
  /** Whether this process holds the change-poll lease. */
  pollLeader(): boolean;
}

export function createRealtimeMetrics(registry: Registry, source: RealtimeMetricsSource) {
  const byKind = [
    [
      'waybill_realtime_cohort_members',
      'Live list subscriptions (members of a cohort) in this process, by list kind',
      source.subscribers,
    ],
    [
      'waybill_realtime_cohorts',
      'Distinct live cohorts (scope + filter + window) in this process, by list kind',
      source.cohorts,
    ],
  ] as const;
  for (const [name, help, counts] of byKind)
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        for (const [kind, n] of Object.entries(counts())) this.set({ kind }, n);
      },
    });
  new Gauge({
    name: 'waybill_change_poll_lag_seconds',
    help: 'Time since the change poll last succeeded',
    registers: [registry],
    collect() {
      this.set(source.pollLagSeconds());
    },
  });
  new Gauge({
    name: 'waybill_change_poll_leader',
    help: 'Whether this replica holds the change-poll lease (1) or follows (0); one replica should',
    registers: [registry],
    collect() {
      this.set(source.pollLeader() ? 1 : 0);
    },
  });
  const polls = new Counter({
    name: 'waybill_change_polls_total',
    help: 'Change polls by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const changedOrders = new Counter({
    name: 'waybill_changed_orders_total',
    help: 'Changed orders published by the change poll (after de-duplication)',
    registers: [registry],
  });
  const pushLatency = new Histogram({
    name: 'waybill_push_latency_seconds',
    help: "From the change poll's answer to the cohort's push to its members",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pushWrites = new Counter({
    name: 'waybill_push_writes_total',
    help: 'Pushes written straight to member sockets (one per socket and message)',
    registers: [registry],
  });
  const pushWriteSeconds = new Counter({
    name: 'waybill_push_write_seconds_total',
    help: 'Time spent writing pushes straight to member sockets',
    registers: [registry],
  });
  const cohortFetches = new Counter({
    name: 'waybill_cohort_fetches_total',
    help: 'Backend refreshes made by live cohorts, by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const exportJobs = new Gauge({
    name: 'waybill_export_jobs',
    help: 'Inbound export jobs known to this process, by state',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  return { polls, changedOrders, pushLatency, pushWrites, pushWriteSeconds, cohortFetches, exportJobs };
}
