import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { makeCreateContext } from '../context.js';
import { sharedPayloadEncoder } from '../realtime/shared-payload-encoder.js';
import { bindSocket } from '../realtime/wire-fanout.js';
import { type AppRouter, appRouter } from '../router.js';
import { keepAliveOptions } from '../security/index.js';

/** Procedures in one HTTP batch or one websocket message. */
export const MAX_BATCH_SIZE = 20;

/** Every procedure at /trpc, over HTTP and the websocket. */
export const trpcPlugin = fp(
  async (app) => {
    const { services } = app;
    const createContext = makeCreateContext(services);
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      useWSS: true,
      trpcOptions: {
        router: appRouter,
        createContext: async (opts) => {
          const ctx = await createContext(opts);
          // A websocket connection's context knows its socket, for the cohorts' direct pushes.
          if (!ctx.reply) bindSocket(ctx, opts.res as unknown as WebSocket);
          return ctx;
        },
        maxBatchSize: MAX_BATCH_SIZE,
        // A cohort's push is serialised once for all its sockets.
        experimental_encoder: sharedPayloadEncoder,
        // Lets scripts POST a query whose input is too long for a URL (bodyLimit still applies).
        allowMethodOverride: true,
        keepAlive: keepAliveOptions(services.config),
        onError({ error, path, type }) {
          // Expected outcomes (bad input, auth, backend failures) are logged where they happen.
          if (error.code === 'INTERNAL_SERVER_ERROR')
            app.log.error({ err: error, path, type }, 'procedure failed');
        },
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
  },
  { name: 'waybill-trpc', dependencies: ['waybill-services', 'waybill-security'] },
);
