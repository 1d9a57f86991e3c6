/**
 * OpenTelemetry tracing, configured by the standard OTEL_* variables only. Off unless an OTLP
 * endpoint is set: then nothing here loads, and the spans telemetry.ts makes are no-ops.
 * Started before the app's modules load (server.ts imports the app afterwards), so the
 * instrumentations see fastify, http and ioredis as they are first loaded.
 */
type Env = Record<string, string | undefined>;

export const DEFAULT_SERVICE_NAME = 'waybill-gateway';

export function tracingEnabled(env: Env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED !== 'true' && env.OTEL_TRACES_EXPORTER !== 'none';
}

/** Starts the SDK when tracing is on; resolves with its shutdown (flushes spans), or null when off. */
export async function startTracing(env: Env = process.env): Promise<(() => Promise<void>) | null> {
  if (!tracingEnabled(env)) return null;
  const hasServiceName =
    env.OTEL_SERVICE_NAME || /(^|,)\s*service\.name=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  if (!hasServiceName) env.OTEL_SERVICE_NAME = DEFAULT_SERVICE_NAME;
  // Traces only: metrics are Prometheus' (/metrics) and logs are pino's.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';

  const [{ NodeSDK }, { HttpInstrumentation }, { IORedisInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
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
  sdk.start();
  return () => sdk.shutdown();
}

/** Attribute values of undefined are dropped: these replace what the http instrumentation records. */
const URL_ATTRIBUTES_DROPPED = {
  'http.url': undefined,
  'http.target': undefined,
  'url.full': undefined,
  'url.path': undefined,
  'url.query': undefined,
} as unknown as Record<string, string>;
