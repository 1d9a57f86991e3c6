import type { FastifyInstance } from 'fastify';
import { authPlugin } from './auth/plugin.js';
import type { Config } from './config.js';
import { registerExportDownload } from './downloads/export-download.js';
import { registerLabelDownload } from './downloads/label-download.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { healthPlugin } from './plugins/health.js';
import { metricsPlugin } from './plugins/metrics.js';
import { runtimeMetricsPlugin } from './plugins/runtime-metrics.js';
import { securityPlugin } from './plugins/security.js';
import { servicesPlugin } from './plugins/services.js';
import { staticPlugin } from './plugins/static.js';
import { trpcPlugin } from './plugins/trpc.js';
import { websocketPlugin } from './plugins/websocket.js';
import { createServer, type ServerOptions } from './server-options.js';

export type { ReadinessCheck, ReadinessResult } from './plugins/health.js';
export type BuildAppOptions = ServerOptions;

/**
 * The gateway as plugins, in order: services, websocket, runtime metrics, security (headers, origin, CORS, guards),
 * auth (session revocation and checks), tRPC, the export download route, health, metrics, and the
 * static console with its 404s.
 */
export async function registerApp(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(errorHandlerPlugin, { config });
  await app.register(servicesPlugin, { config });
  await app.register(websocketPlugin);
  await app.register(runtimeMetricsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(authPlugin);
  await app.register(trpcPlugin);
  registerExportDownload(app);
  registerLabelDownload(app);
  await app.register(healthPlugin);
  await app.register(metricsPlugin);
  await app.register(staticPlugin, { webDist: config.WEB_DIST });
}

/** A ready-to-listen gateway (server.ts listens on PORT; tests listen on port 0). */
export async function buildApp(config: Config, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = createServer(config, opts);
  await registerApp(app, config);
  return app;
}
