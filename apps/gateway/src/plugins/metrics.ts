import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import { PROBE_LOG_LEVEL } from '../logger.js';
import { metricsAnswer } from '../metrics-access.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The separate /metrics listener's address (METRICS_PORT), or null when there is none. */
    metricsAddress(): AddressInfo | null;
  }
}

const UNAUTHORIZED = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Send Authorization: Bearer <METRICS_TOKEN> to read /metrics',
};

/**
 * Prometheus text at /metrics, never public by default:
 * - METRICS_PORT set: only on METRICS_HOST:METRICS_PORT (a private address), not on the main port;
 * - else METRICS_TOKEN set: on the main port, for `Authorization: Bearer <METRICS_TOKEN>` only (401);
 * - neither: not served at all (404).
 * With both, the separate listener asks for the token too.
 */
export const metricsPlugin = fp(
  async (app) => {
    const { config } = app.services;
    const { registry } = app.services.metrics;
    let listener: Server | null = null;
    app.decorate('metricsAddress', () => {
      const address = listener?.address();
      return address && typeof address === 'object' ? address : null;
    });
    if (config.METRICS_PORT !== undefined) {
      const server = metricsServer(registry, config);
      listener = server;
      app.addHook('onReady', () => listen(server, config.METRICS_PORT ?? 0, config.METRICS_HOST));
      app.addHook('onClose', () => close(server));
      return;
    }
    if (config.METRICS_TOKEN === undefined) return;
    const token = config.METRICS_TOKEN;
    app.get('/metrics', { logLevel: PROBE_LOG_LEVEL }, async (request, reply) => {
      if (metricsAnswer(request.headers.authorization, token) === 'unauthorized')
        return reply.status(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
      reply.header('content-type', registry.contentType);
      reply.header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'waybill-metrics', dependencies: ['waybill-services'] },
);

/** A bare HTTP server answering GET /metrics and nothing else. */
function metricsServer(
  registry: Registry,
  config: Pick<Config, 'METRICS_TOKEN' | 'HEADERS_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS'>,
): Server {
  return createServer(
    { headersTimeout: config.HEADERS_TIMEOUT_MS, requestTimeout: config.REQUEST_TIMEOUT_MS },
    (req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD'))
        return send(404, 'application/json', JSON.stringify({ statusCode: 404, error: 'Not Found' }));
      if (metricsAnswer(req.headers.authorization, config.METRICS_TOKEN) === 'unauthorized')
        return send(401, 'application/json', JSON.stringify(UNAUTHORIZED), { 'www-authenticate': 'Bearer' });
      registry.metrics().then(
        (text) => send(200, registry.contentType, text),
        () =>
          send(500, 'application/json', JSON.stringify({ statusCode: 500, error: 'Internal Server Error' })),
      );
    },
  );
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
