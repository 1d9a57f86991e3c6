import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric's name starts with it (the default process metrics too). */
const METRIC_PREFIX = 'waybill_';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One registry per app instance (tests build several apps in one process).
 * Other parts (realtime, plugins/metrics.ts) register their metrics on `registry`.
 */
export interface GatewayMetrics {
  registry: Registry;
  backendCalls: Counter<'route' | 'outcome'>;
  backendCallDuration: Histogram<'route' | 'outcome'>;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  trpcDuration: Histogram<'path' | 'type' | 'code'>;
  /** A subscription was held (+1) or given back (-1). */
  onSubscriptionHeld(delta: 1 | -1): void;
}

export function createMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const backendCalls = new Counter({
    name: 'waybill_backend_calls_total',
    help: 'Calls to the management backend by route template and outcome (HTTP status; invalid for a 2xx answer that is not JSON or fails its schema; timeout/error/aborted)',
    labelNames: ['route', 'outcome'] as const,
    registers: [registry],
  });
  const backendCallDuration = new Histogram({
    name: 'waybill_backend_call_duration_seconds',
    help: 'Duration of calls to the management backend by route template and outcome',
    labelNames: ['route', 'outcome'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'waybill_http_request_duration_seconds',
    help: "HTTP answers by method, route template (Fastify's, never the raw URL) and status code",
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const trpcDuration = new Histogram({
    name: 'waybill_trpc_procedure_duration_seconds',
    help: 'tRPC calls by procedure path, type and outcome code (a subscription until it has started)',
    labelNames: ['path', 'type', 'code'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const subscriptions = new Gauge({
    name: 'waybill_trpc_subscriptions',
    help: 'tRPC subscriptions open on the websockets of this process',
    registers: [registry],
  });
  return {
    registry,
    backendCalls,
    backendCallDuration,
    httpDuration,
    trpcDuration,
    onSubscriptionHeld: (delta) => subscriptions.inc(delta),
  };
}
