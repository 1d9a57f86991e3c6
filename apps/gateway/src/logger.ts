import type { FastifyServerOptions } from 'fastify';
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

/** JSON logs for ops, at LOG_LEVEL, with redaction. */
export function loggerOptions(config: Config): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // The trace a line belongs to, beside its reqId: only when tracing is on (tracing.ts).
    ...(tracingEnabled(process.env) ? { mixin: traceIdMixin } : {}),
  };
}
