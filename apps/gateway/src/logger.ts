import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { activeTraceId } from './telemetry.js';
import { tracingEnabled } from './tracing.js';

function traceIdMixin(): { traceId?: string } {
  const traceId = activeTraceId();
  return traceId ? { traceId } : {};
}

/** Anything that could carry a credential is censored before it reaches a log line. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'authorization',
  'cookie',
  'token',
  'access_token',
  'password',
  'connectionParams',
  '*.authorization',
  '*.cookie',
  '*.token',
  '*.access_token',
  '*.password',
  '*.connectionParams',
  '*.*.token',
  '*.*.password',
  '*.*.access_token',
];

/**
 * A request's URL as its log line shows it: a tRPC call's `input` (a search by a customer's e-mail
 * or phone, say) is left out. The procedure names stay, and the request id finds the rest.
 */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0 || !url.includes('input=', query)) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  params.set('input', '[omitted]');
  return `${url.slice(0, query)}?${params.toString().replace('%5Bomitted%5D', '[omitted]')}`;
}

/** Fastify's own request fields, with `loggedUrl`; anything else logged as `req` stays as it is. */
function requestFields(request: FastifyRequest): Record<string, unknown> {
  if (typeof request?.url !== 'string' || typeof request.method !== 'string')
    return request as unknown as Record<string, unknown>;
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The log level of the probes' and the scrape's requests: they come every few seconds to every
 * replica, and their request lines would bury the rest at info. A failing check logs its own warning.
 */
export const PROBE_LOG_LEVEL = 'warn';

/** JSON logs for ops, at LOG_LEVEL, with redaction. */
export function loggerOptions(config: Config): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: requestFields },
    // The trace a line belongs to, beside its reqId: only when tracing is on (tracing.ts).
    ...(tracingEnabled(process.env) ? { mixin: traceIdMixin } : {}),
  };
}
