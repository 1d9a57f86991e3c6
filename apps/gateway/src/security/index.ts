import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { registerSignInLimit } from './sign-in-limit.js';
import { WsGuard } from './ws-guard.js';

export { WS_CLOSE, WsGuard } from './ws-guard.js';

declare module 'fastify' {
  interface FastifyInstance {
    wsGuard: WsGuard;
  }
}

/**
 * Node http server options against slow clients: a request whose headers are not complete within
 * HEADERS_TIMEOUT_MS (slow-loris) gets 408 and is closed. Node checks on an interval, so the
 * interval follows the timeout (its default of 30 s would let a short timeout run long).
 */
export function httpServerOptions(config: Config): ServerOptions {
  const headersTimeout = Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS);
  return {
    headersTimeout,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(headersTimeout / 4))),
  };
}

/** tRPC websocket keep-alive: a client silent for ping + pong wait is terminated. */
export function keepAliveOptions(config: Config) {
  return { enabled: true, pingMs: config.WS_PING_MS, pongWaitMs: config.WS_PONG_WAIT_MS };
}

/**
 * Websocket guard (rate, per-session cap, logout closing) and the sign-in rate limit.
 * Must run after @fastify/websocket is registered and before the tRPC plugin.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const guard = new WsGuard({
    maxPerUser: config.WS_MAX_PER_USER,
    messagesPerSecond: config.WS_MESSAGES_PER_SECOND,
    logger: app.log.child({ component: 'ws-guard' }),
  });
  app.decorate('wsGuard', guard);
  app.websocketServer.on('connection', (socket, req) => guard.attach(socket, req));
  // A session at its cap is refused before the upgrade, when its token is in a header.
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
    if (!guard.isFull(WsGuard.tokenOf(request.raw))) return;
    return reply.status(429).send({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many websockets for this session (max ${config.WS_MAX_PER_USER}, WS_MAX_PER_USER)`,
    });
  });
  await registerSignInLimit(app, { max: config.SIGNIN_RATE_MAX, windowMs: config.SIGNIN_RATE_WINDOW_MS });
}
