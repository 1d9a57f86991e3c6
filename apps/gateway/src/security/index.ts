import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { upgradeOf } from '../request-id.js';
import { registerBatchLimits } from './batch-limits.js';
import { FairScheduler } from './fair-scheduler.js';
import { registerSignInLimit } from './sign-in-limit.js';
import { registerSocketAuth } from './socket-auth.js';
import { CredentialCheck } from './socket-credentials.js';
import { UnauthenticatedSockets } from './unauthenticated-sockets.js';
import { registerUpgradeChecks } from './upgrade-checks.js';
import { WsGuard } from './ws-guard.js';
import { attachMessageLimits } from './ws-message-limits.js';

export { WS_CLOSE } from './ws-guard.js';

/** Procedures in one HTTP batch (tRPC's `maxBatchSize`) or one websocket message (ws-message-limits). */
export const MAX_BATCH_SIZE = 20;

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
 * Websocket guard (rate, per-identity cap, logout closing), which sockets count as signed in, and
 * the sign-in rate limit. Must run after @fastify/websocket is registered and before the tRPC plugin.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const guard = new WsGuard({
    maxPerUser: config.WS_MAX_PER_USER,
    messagesPerSecond: config.WS_MESSAGES_PER_SECOND,
    maxUnsentBytes: config.WS_MAX_UNSENT_BYTES,
    logger: app.log.child({ component: 'ws-guard' }),
  });
  app.decorate('wsGuard', guard);
  registerUpgradeChecks(app);
  registerAbuseLimits(app, config);
  const logger = app.log.child({ component: 'ws-limits' });
  const attachSocketAuth = registerSocketAuth(app, {
    guard,
    maxPerUser: config.WS_MAX_PER_USER,
    unverified: new UnauthenticatedSockets({
      maxPerAddress: config.WS_MAX_UNAUTHENTICATED_PER_ADDRESS,
      deadlineMs: config.WS_AUTH_DEADLINE_MS,
      logger,
    }),
    check: new CredentialCheck({
      sessionIsLive: async (id) => (await app.services.sessions.resolve(id)) !== null,
      backendKnows: (token) => app.services.reference.knows(token),
      backendAccepts: (token, address) => app.services.tokenCheck.accepts(token, address),
      onCheckFailed: (error) => logger.warn({ err: error }, 'websocket credential check failed'),
    }),
  });
  app.websocketServer.on('connection', (socket, req) => {
    guard.attach(socket);
    attachSocketAuth(socket, req);
  });
  await registerSignInLimit(app, {
    max: config.SIGNIN_RATE_MAX,
    windowMs: config.SIGNIN_RATE_WINDOW_MS,
    redis: app.scale ? { client: app.scale.redis, keyPrefix: config.REDIS_KEY_PREFIX } : null,
  });
}

/**
 * What one session may cost the gateway: rows per batch or websocket message, and fair admission
 * of backend calls made for users. Runs before the guard attaches, so the guard's rate limit sees
 * each message first.
 */
function registerAbuseLimits(app: FastifyInstance, config: Config): void {
  const limits = {
    maxLoadedRows: config.LIST_MAX_LOADED_ROWS,
    maxBatchRows: config.BATCH_MAX_ROWS,
    maxBatchSize: MAX_BATCH_SIZE,
  };
  registerBatchLimits(app, limits);
  app.services.backend.useScheduler(
    new FairScheduler({
      perSession: config.BACKEND_SESSION_CONCURRENCY,
      global: config.BACKEND_CONCURRENCY,
      maxQueued: config.BACKEND_SESSION_QUEUE,
    }),
    [config.SERVICE_TOKEN],
  );
  const logger = app.log.child({ component: 'ws-limits' });
  app.websocketServer.on('connection', (socket, req) =>
    attachMessageLimits(socket, limits, logger, upgradeOf(req)?.id),
  );
}
