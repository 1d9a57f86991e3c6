import fp from 'fastify-plugin';
import { PROBE_LOG_LEVEL } from '../logger.js';
import { buildInfo, CLIENT_VERSIONS } from '../version.js';
import { cachedCheck } from './cached-check.js';

export interface ReadinessResult {
  name: string;
  ok: boolean;
  detail?: string;
}
/** A readiness check for /readyz. */
export type ReadinessCheck = () => ReadinessResult | Promise<ReadinessResult>;

declare module 'fastify' {
  interface FastifyInstance {
    readinessChecks: ReadinessCheck[];
  }
}

/**
 * `/readyz?scope=replica`: what a load balancer's or Kubernetes' readiness asks. A replica is in
 * service once every check passed since it started, until it drains: an outage of what every replica
 * shares (the backend, Redis) then leaves them all serving (the console says the backend is
 * unavailable, sessions seen lately answer from memory) instead of taking them all out, while a new
 * release that never reaches them never turns ready.
 */
const READYZ_QUERY = {
  type: 'object',
  properties: { scope: { type: 'string', enum: ['replica'] } },
} as const;

/**
 * /healthz (the process is alive, with its version and commit) and /readyz (backend, change poll and Redis answer; 503 while
 * draining). Both are unauthenticated: they name checks, never an address (URL, host, port). The
 * backend's answer is reused for READYZ_CACHE_MS, so /readyz cannot be used to multiply calls to the
 * backend.
 */
export const healthPlugin = fp(
  async (app) => {
    const { backend, realtime, config } = app.services;
    // Probes and load balancers may poll often, from many places: one backend call per READYZ_CACHE_MS.
    const pingBackend = cachedCheck(() => backend.ping(), config.READYZ_CACHE_MS);
    const checks: ReadinessCheck[] = [
      async () => {
        const ok = await pingBackend();
        return { name: 'backend', ok, ...(ok ? {} : { detail: 'backend not answering correctly' }) };
      },
      () => {
        // The poll's last error stays in the log: it can carry the backend's own words.
        const { ok, pollLagMs } = realtime.readiness();
        if (ok) return { name: 'change-poll', ok };
        return { name: 'change-poll', ok, detail: `change poll lagging ${Math.round(pollLagMs / 1000)} s` };
      },
    ];
    const { scale } = app;
    if (scale) {
      checks.push(async () => {
        const ok = await scale.ping();
        return { name: 'redis', ok, ...(ok ? {} : { detail: 'redis not answering' }) };
      });
    }
    app.decorate('readinessChecks', checks);

    // Which release answers: during a rolling deploy, old and new replicas side by side.
    const build = buildInfo(config.WAYBILL_COMMIT);
    app.get('/healthz', { logLevel: PROBE_LOG_LEVEL }, async () => ({
      status: 'ok',
      ...build,
      clientVersions: CLIENT_VERSIONS,
    }));

    const runChecks = () =>
      Promise.all(
        app.readinessChecks.map(async (check, index): Promise<ReadinessResult> => {
          try {
            return await check();
          } catch (error) {
            // Unauthenticated answer: the thrown message (it may name an address) goes to the log only.
            app.log.warn({ err: error, check: index }, 'readiness check failed');
            return { name: `check-${index}`, ok: false, detail: 'check failed' };
          }
        }),
      );

    // Whether every check passed once since this process started (see `scope=replica`).
    let reachedOnce = false;
    app.get<{ Querystring: { scope?: 'replica' } }>(
      '/readyz',
      { schema: { querystring: READYZ_QUERY }, logLevel: PROBE_LOG_LEVEL },
      async (request, reply) => {
        // Draining (SIGTERM): whoever still asks on an open connection sends traffic elsewhere.
        if (app.drainState().draining) return reply.status(503).send({ status: 'shutting down', checks: [] });
        if (request.query.scope === 'replica' && reachedOnce)
          return reply.send({ status: 'ready', scope: 'replica', checks: [] });
        const results = await runChecks();
        const ready = results.every((r) => r.ok);
        if (ready) reachedOnce = true;
        return reply
          .status(ready ? 200 : 503)
          .send({ status: ready ? 'ready' : 'not ready', checks: results });
      },
    );
  },
  { name: 'waybill-health', dependencies: ['waybill-services'] },
);
