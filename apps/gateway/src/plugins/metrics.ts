import fp from 'fastify-plugin';

/** Prometheus text at /metrics. */
export const metricsPlugin = fp(
  async (app) => {
    const { registry } = app.services.metrics;
    app.get('/metrics', async (_request, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'waybill-metrics', dependencies: ['waybill-services'] },
);
