import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { BackendClient } from './backend/backend-client.js';
import type { Config } from './config.js';
import { makeCreateContext } from './context.js';
import { loggerOptions } from './logger.js';
import { createMetrics } from './metrics.js';
import { isOriginAllowed } from './origins.js';
import { registerExportDownload } from './realtime/export-download.js';
import { createRealtime } from './realtime/index.js';
import { sharedPayloadEncoder } from './realtime/shared-payload-encoder.js';
import { ReferenceCache } from './reference/reference-cache.js';
import { type AppRouter, appRouter } from './router.js';
import { createScale } from './scale/index.js';
import { httpServerOptions, keepAliveOptions, registerSecurity } from './security/index.js';
import type { Services } from './services.js';
import { isSpaRoute, registerStaticSite } from './static-site.js';

export interface ReadinessResult {
  name: string;
  ok: boolean;
  detail?: string;
}
/** A readiness check for /readyz; the realtime part adds the change-poll lag check here. */
export type ReadinessCheck = () => ReadinessResult | Promise<ReadinessResult>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    readinessChecks: ReadinessCheck[];
  }
}

export interface BuildAppOptions {
  /** false for silence, pino options, or a ready logger instance. Default: JSON logs at LOG_LEVEL, redacted. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
}

/** Largest request body (a tRPC batch of filters is far below this). */
export const BODY_LIMIT = 1024 * 1024;
/** Procedures in one HTTP batch. */
export const MAX_BATCH_SIZE = 20;
/** Largest websocket frame; a bigger one closes that socket. */
export const MAX_WS_PAYLOAD = 64 * 1024;

function isLoggerInstance(value: unknown): value is FastifyBaseLogger {
  return (
    typeof value === 'object' && value !== null && typeof (value as { child?: unknown }).child === 'function'
  );
}

export async function buildApp(config: Config, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
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
    // Behind a load balancer on a private network; never trust X-Forwarded-* from the internet.
    trustProxy: 'loopback,linklocal,uniquelocal',
  }) as unknown as FastifyInstance;

  // ---- Services: created once here, shared by every request, closed on shutdown. ----
  // To add a service: add its field to Services (services.ts), create it here, close it below.
  const metrics = createMetrics();
  const backend = new BackendClient({
    baseUrl: config.BACKEND_URL,
    timeoutMs: config.BACKEND_TIMEOUT_MS,
    logger: app.log.child({ component: 'backend' }),
    metrics,
  });
  const reference = new ReferenceCache({ backend });
  const scale = config.REDIS_URL
    ? createScale({
        redisUrl: config.REDIS_URL,
        logger: app.log.child({ component: 'scale' }),
        leaseTtlMs: config.POLL_LEASE_MS,
      })
    : null;
  const realtime = createRealtime({
    ...(scale ? { events: scale.events, lease: scale.lease, exportStore: scale.exportStore } : {}),
    backend,
    logger: app.log.child({ component: 'realtime' }),
    registry: metrics.registry,
    serviceToken: config.SERVICE_TOKEN,
    managedBy: config.MANAGED_BY,
    changePollMs: config.CHANGE_POLL_MS,
    exportIntervalMs: config.EXPORT_CHECK_MS,
    listRefreshMs: config.LIST_REFRESH_MS,
  });
  const services: Services = { config, logger: app.log, backend, reference, metrics, realtime };
  app.decorate('services', services);
  app.addHook('onReady', async () => {
    realtime.start();
  });
  app.addHook('onClose', async () => {
    // Releases the poll lease, so another replica takes over at once.
    await realtime.close();
    await scale?.close();
    await backend.close();
  });
  // ---- end of services ----

  app.decorate('readinessChecks', [
    async () => {
      const ok = await backend.ping();
      return { name: 'backend', ok, ...(ok ? {} : { detail: `backend not reachable at ${backend.origin}` }) };
    },
    () => {
      const { ok, pollLagMs, lastError } = realtime.readiness();
      return {
        name: 'change-poll',
        ok,
        ...(ok
          ? {}
          : {
              detail: `change poll lagging ${Math.round(pollLagMs / 1000)} s: ${lastError ?? 'no answer yet'}`,
            }),
      };
    },
  ] as ReadinessCheck[]);
  if (scale) {
    app.readinessChecks.push(async () => {
      const ok = await scale.ping();
      return { name: 'redis', ok, ...(ok ? {} : { detail: 'redis not reachable (REDIS_URL)' }) };
    });
  }

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // Never leak internals of a server-side failure (development shows the message only).
      const message = config.NODE_ENV === 'development' ? error.message : 'Internal Server Error';
      return reply.status(status).send({ statusCode: status, error: 'Internal Server Error', message });
    }
    return reply
      .status(status)
      .send({ statusCode: status, error: error.code ?? 'Bad Request', message: error.message });
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', ...config.IMAGE_ORIGINS],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The console links out to label PDFs and tracking pages on other sites.
    crossOriginEmbedderPolicy: false,
    // Plain-http deployments (COOKIE_SECURE=false) must not be pinned to https.
    strictTransportSecurity: config.COOKIE_SECURE,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_WS_PAYLOAD },
    // On shutdown, tell tRPC clients to reconnect (to another replica) before the sockets close.
    preClose(done) {
      const notice = JSON.stringify({ id: null, method: 'reconnect' });
      for (const client of app.websocketServer.clients) {
        if (client.readyState === client.OPEN) {
          client.send(notice);
          client.close(1001, 'server shutting down');
        }
      }
      app.websocketServer.close(() => done());
    },
  });

  // After the websocket plugin: its onRequest hook must mark upgrades so a refused one is closed.
  // Browsers always send Origin on cross-site requests and websocket upgrades; scripts send none.
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!isOriginAllowed(origin, request.headers.host, config.ALLOWED_ORIGINS)) {
      return reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'Origin not allowed' });
    }
    if (config.ALLOWED_ORIGINS.includes(origin.replace(/\/+$/, ''))) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
      if (request.method === 'OPTIONS') {
        reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
        reply.header(
          'access-control-allow-headers',
          request.headers['access-control-request-headers'] ?? 'content-type, authorization',
        );
        reply.header('access-control-max-age', '600');
        return reply.status(204).send();
      }
    }
  });

  // Websocket rate/cap guard and sign-in rate limit (after the origin check: 403 comes first).
  await registerSecurity(app, config);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    useWSS: true,
    trpcOptions: {
      router: appRouter,
      createContext: makeCreateContext(services),
      maxBatchSize: MAX_BATCH_SIZE,
      // A cohort's push is serialised once for all its sockets.
      experimental_encoder: sharedPayloadEncoder,
      // Lets scripts POST a query whose input is too long for a URL (bodyLimit still applies).
      allowMethodOverride: true,
      keepAlive: keepAliveOptions(config),
      onError({ error, path, type }) {
        // Expected outcomes (bad input, auth, backend failures) are logged where they happen.
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error, path, type }, 'procedure failed');
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  registerExportDownload(app);

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const results = await Promise.all(
      app.readinessChecks.map(async (check, index): Promise<ReadinessResult> => {
        try {
          return await check();
        } catch (error) {
          return { name: `check-${index}`, ok: false, detail: (error as Error).message };
        }
      }),
    );
    const ready = results.every((r) => r.ok);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
  });

  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });

  const spaFallback = await registerStaticSite(app, config.WEB_DIST);
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isSpaRoute(request.url)) {
      if (spaFallback) return spaFallback(request, reply);
      return reply.status(503).send({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The web console is not built: run pnpm --filter @waybill/web build (or pnpm start)',
      });
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });

  return app;
}
