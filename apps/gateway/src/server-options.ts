import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { loggerOptions } from './logger.js';
import { installDrain } from './plugins/drain.js';
import { REQUEST_ID_HEADER, rememberUpgrade, requestIdGenerator, runInRequestScope } from './request-id.js';
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

/** The Fastify instance: logger, body limit, timeouts against slow clients, proxy trust, graceful drain. */
export function createServer(config: Config, opts: ServerOptions = {}): FastifyInstance {
  const logger = opts.logger ?? loggerOptions(config);
  const app = Fastify({
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
    // X-Forwarded-For is honoured only from the proxies named in TRUST_PROXY: any other peer could
    // rotate it to dodge every per-address limit. request.ip is the one client address everywhere.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    // Taken from X-Request-Id only when a trusted proxy sent it (request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
  }) as unknown as FastifyInstance;
  installRequestId(app);
  // A tenth of the grace period for websocket clients to answer the close (2 s at most).
  installDrain(app, {
    wsCloseWaitMs: Math.min(2000, Math.floor(config.SHUTDOWN_GRACE_MS / 10)),
    idleCloseMs: config.DRAIN_IDLE_CLOSE_MS,
  });
  return app;
}

/**
 * Every answer names its request (errors and refused websocket upgrades too), and the work done for
 * it knows the id: entered again before the handler, as body parsing leaves the async context.
 */
function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // The websocket server writes its own 101 answer and makes the connection's context from the raw request.
    if (request.headers.upgrade !== undefined)
      rememberUpgrade(request.raw, { id: request.id, address: request.ip });
    runInRequestScope({ requestId: request.id }, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    runInRequestScope({ requestId: request.id }, done);
  });
}
