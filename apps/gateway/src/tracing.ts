/**
 * OpenTelemetry tracing, configured by the standard OTEL_* variables only. Off unless an OTLP
 * endpoint is set: then nothing here loads, and the spans telemetry.ts makes are no-ops.
 * Started before the app's modules load (server.ts imports the app afterwards), so the
 * instrumentations see fastify, http and ioredis as they are first loaded.
 */
import { withoutCredentials } from './hidden-credentials.js';

type Env = Record<string, string | undefined>;

export const DEFAULT_SERVICE_NAME = 'waybill-gateway';

export function tracingEnabled(env: Env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  // OpenTelemetry reads its boolean variables without regard to case.
  const disabled = env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true';
  return Boolean(endpoint) && !disabled && env.OTEL_TRACES_EXPORTER !== 'none';
}

const ENDPOINTS = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] as const;
const PROTOCOLS = ['OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'] as const;
const KNOWN_PROTOCOLS = ['http/protobuf', 'http/json', 'grpc'];

/**
 * What is wrong with the tracing variables, one line each, when tracing is on. The SDK itself falls
 * back to localhost:4318 for an endpoint it cannot read and to protobuf for an unknown protocol,
 * without a word: spans would go to whatever listens there.
 */
export function tracingConfigProblems(env: Env): string[] {
  if (!tracingEnabled(env)) return [];
  const problems: string[] = [];
  for (const name of ENDPOINTS) {
    const value = env[name];
    if (!value) continue;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
      problems.push(`${name}=${JSON.stringify(withoutCredentials(value))}: must be an http(s) URL`);
  }
  for (const name of PROTOCOLS) {
    const value = env[name];
    if (value && !KNOWN_PROTOCOLS.includes(value.trim()))
      problems.push(`${name}=${JSON.stringify(value)}: must be one of ${KNOWN_PROTOCOLS.join(', ')}`);
  }
  return problems;
}

/** How long the shutdown waits for the collector to take the last spans, at most. */
export const SPAN_FLUSH_LIMIT_MS = 2000;
/** While the collector keeps failing, it is named in the log again at most this often. */
export const EXPORT_WARNING_EVERY_MS = 10 * 60_000;

/** The logger's warn, as pino has it. */
export interface TracingLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface Tracing {
  /** Where failures to send spans are logged from now on (until then: stderr). */
  reportTo(log: TracingLog): void;
  /**
   * Sends the last spans and stops the SDK, giving up after `limitMs`: a collector that is down or
   * hung must not hold the exit. Never rejects; a failure is logged once, as a warning.
   */
  stop(limitMs: number): Promise<void>;
}

/** Starts the SDK when tracing is on, or resolves null when off. */
export async function startTracing(env: Env = process.env): Promise<Tracing | null> {
  if (!tracingEnabled(env)) return null;
  const problems = tracingConfigProblems(env);
  if (problems.length > 0)
    // A configuration error, as server.ts recognises one: its message and exit 1, no stack.
    throw Object.assign(new Error(`Invalid tracing configuration:\n  ${problems.join('\n  ')}`), {
      isConfigError: true,
    });
  const hasServiceName =
    env.OTEL_SERVICE_NAME || /(^|,)\s*service\.name=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  if (!hasServiceName) env.OTEL_SERVICE_NAME = DEFAULT_SERVICE_NAME;
  // Traces only: metrics are Prometheus' (/metrics) and logs are pino's.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';

  const [
    { NodeSDK, core },
    { HttpInstrumentation },
    { IORedisInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@fastify/otel'),
  ]);

  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        // Incoming URLs may hold an order uid (a console page, a tRPC input): the fastify span
        // below names the route template instead.
        startIncomingSpanHook: () => URL_ATTRIBUTES_DROPPED,
        // Outgoing node:http is the OTLP export itself; backend calls are undici (our own spans).
        ignoreOutgoingRequestHook: () => true,
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // One span per request; a span per hook and handler would cost more than the call itself.
        instrumentHooks: false,
        instrumentHandler: false,
        requestHook: (span, request) => {
          span.setAttribute('url.path', request.routeOptions.url ?? '(no route)');
        },
      }),
      // The command name only: keys and arguments can name sessions.
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  const where = collectorAddress(env);
  let log: TracingLog = { warn: (_fields, message) => process.stderr.write(`${message}\n`) };
  let stopping = false;
  // The SDK hands every failed export to this handler; its default goes to the OpenTelemetry diag
  // logger, which is off unless OTEL_LOG_LEVEL is set: a collector that is down was never heard of.
  const failed = exportFailures(
    (fields, message) => log.warn({ ...fields, collector: where }, message),
    where,
    Date.now,
  );
  core.setGlobalErrorHandler((error) => {
    // The shutdown's own warning covers what fails while it flushes.
    if (!stopping) failed(error);
  });
  sdk.start();
  return {
    reportTo: (next) => {
      log = next;
    },
    stop: async (limitMs) => {
      stopping = true;
      let timer: NodeJS.Timeout | undefined;
      // The exporter retries a refused connection as long as an unanswered one: either runs out here.
      const timedOut = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`not taken within ${limitMs} ms`), limitMs);
      });
      const problem = await Promise.race([sdk.shutdown().then(() => null, reasonOf), timedOut]);
      clearTimeout(timer);
      if (problem)
        log.warn(
          { collector: where, limitMs, reason: problem },
          `the last spans did not reach the OpenTelemetry collector at ${where}: ${problem}; exiting without them`,
        );
    },
  };
}

/**
 * The warning for spans that could not be sent: the first failure at once, then at most one per
 * `EXPORT_WARNING_EVERY_MS` with how many exports failed since. The SDK reports every export (one
 * per few seconds while the collector is down), which would bury the rest of the log.
 */
export function exportFailures(
  warn: (fields: Record<string, unknown>, message: string) => void,
  where: string,
  now: () => number,
): (error: unknown) => void {
  let warnedAt = Number.NEGATIVE_INFINITY;
  let failures = 0;
  return (error) => {
    failures += 1;
    if (now() - warnedAt < EXPORT_WARNING_EVERY_MS) return;
    const reason = reasonOf(error);
    warn(
      { failedExports: failures, reason },
      `spans could not be sent to the OpenTelemetry collector at ${where}: ${reason}; they are dropped ` +
        `(this warning comes again at most every ${EXPORT_WARNING_EVERY_MS / 60_000} min while it lasts)`,
    );
    warnedAt = now();
    failures = 0;
  };
}

/** The collector's address as the variable that set it gives it, without any user or password in it. */
export function collectorAddress(env: Env): string {
  const name = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
    ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'
    : 'OTEL_EXPORTER_OTLP_ENDPOINT';
  const value = env[name] ?? '';
  try {
    const url = new URL(value);
    url.username = '';
    url.password = '';
    // URL adds a slash to a bare origin: the address stays as it was written.
    return `${value.endsWith('/') || url.pathname !== '/' ? url.href : url.origin} (${name})`;
  } catch {
    return `${value} (${name})`;
  }
}

function reasonOf(error: unknown): string {
  // A refused connection to a name with two addresses is an AggregateError with no message.
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

/** Attribute values of undefined are dropped: these replace what the http instrumentation records. */
const URL_ATTRIBUTES_DROPPED = {
  'http.url': undefined,
  'http.target': undefined,
  'url.full': undefined,
  'url.path': undefined,
  'url.query': undefined,
} as unknown as Record<string, string>;
