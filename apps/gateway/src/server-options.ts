import type { IncomingMessage, ServerResponse } from 'node:http';
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
  }) as unknown as FastifyInstance;
  drainKeepAliveOnClose(app);
  return app;
}

/**
 * Graceful drain: once closing, every answer carries `Connection: close`, so a keep-alive connection
 * whose request was in flight closes right after its answer; connections that turn idle meanwhile
 * (an answer streamed before closing began) are closed too, instead of idling to the keep-alive timeout.
 */
function drainKeepAliveOnClose(app: FastifyInstance): void {
  let draining: NodeJS.Timeout | null = null;
  // Requests open per connection: an answer with a pipelined request behind it keeps the connection,
  // so that request still gets its 503 (which closes it).
  const open = new WeakMap<object, number>();
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    open.set(req.socket, (open.get(req.socket) ?? 0) + 1);
    res.once('close', () => open.set(req.socket, (open.get(req.socket) ?? 1) - 1));
  });
  app.addHook('preClose', async () => {
    draining = setInterval(() => app.server.closeIdleConnections(), 100);
    draining.unref();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (draining && request.raw.httpVersionMajor < 2 && (open.get(request.raw.socket) ?? 0) <= 1)
      reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    if (draining) clearInterval(draining);
  });
}
