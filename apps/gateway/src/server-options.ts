import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { loggerOptions } from './logger.js';
import { httpServerOptions } from './security/index.js';

/** Largest request body (a tRPC batch of filters is far below this). */
export const BODY_LIMIT = 1024 * 1024;

export interface ServerOptions {
  /** false for silence, pino options, or a ready logger instance. Default: JSON logs at LOG_LEVEL, redacted. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
}

function isLoggerInstance(value: unknown): value is FastifyBaseLogger {
  return (
    typeof value === 'object' && value !== null && typeof (value as { child?: unknown }).child === 'function'
  );
}

/** The Fastify instance: logger, body limit, timeouts against slow clients, proxy trust. */
export function createServer(config: Config, opts: ServerOptions = {}): FastifyInstance {
  const logger = opts.logger ?? loggerOptions(config);
  return Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    bodyLimit: BODY_LIMIT,
    http: httpServerOptions(config),
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // tRPC puts (batched) procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    // Behind a load balancer on a private network; never trust X-Forwarded-* from the internet.
    trustProxy: 'loopback,linklocal,uniquelocal',
  }) as unknown as FastifyInstance;
}
