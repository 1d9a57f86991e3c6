import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * One registry per app instance (tests build several apps in one process).
 * Other parts (realtime) register their metrics on `registry`.
 */
export interface GatewayMetrics {
  registry: Registry;
  backendCalls: Counter<'path' | 'status'>;
  backendCallDuration: Histogram<'path' | 'status'>;
}

export function createMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const backendCalls = new Counter({
    name: 'backend_calls_total',
    help: 'Calls to the management backend by route path and outcome (HTTP status, or "error")',
    labelNames: ['path', 'status'] as const,
    registers: [registry],
  });
  const backendCallDuration = new Histogram({
    name: 'backend_call_duration_seconds',
    help: 'Duration of calls to the management backend',
    labelNames: ['path', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, backendCalls, backendCallDuration };
}
