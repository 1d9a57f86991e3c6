import fp from 'fastify-plugin';

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
 * /healthz (the process is alive) and /readyz (backend, change poll and Redis answer). Both are
 * unauthenticated: they name checks, never an address (URL, host, port).
 */
export const healthPlugin = fp(
  async (app) => {
    const { backend, realtime } = app.services;
    const checks: ReadinessCheck[] = [
      async () => {
        const ok = await backend.ping();
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

    app.get('/healthz', async () => ({ status: 'ok' }));

    app.get('/readyz', async (_request, reply) => {
      const results = await Promise.all(
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
      const ready = results.every((r) => r.ok);
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
    });
  },
  { name: 'waybill-health', dependencies: ['waybill-services'] },
);
