import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { isRedisUnavailable, REDIS_RETRY_AFTER_SECONDS } from '../scale/redis-unavailable.js';

/** One error handler: 4xx say what is wrong, 5xx hide their details (development shows the message). */
export const errorHandlerPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (isRedisUnavailable(error)) {
        request.log.warn({ err: error.message }, 'request needed redis while it was unreachable');
        return reply
          .status(503)
          .header('retry-after', String(REDIS_RETRY_AFTER_SECONDS))
          .send({ statusCode: 503, error: 'Service Unavailable', message: 'Try again in a moment' });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        const message = config.NODE_ENV === 'development' ? error.message : 'Internal Server Error';
        return reply.status(status).send({ statusCode: status, error: 'Internal Server Error', message });
      }
      return reply
        .status(status)
        .send({ statusCode: status, error: error.code ?? 'Bad Request', message: error.message });
    });
  },
  { name: 'waybill-error-handler' },
);
