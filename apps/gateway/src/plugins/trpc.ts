import fastifyCompress from '@fastify/compress';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getWSConnectionHandler, type WSSHandlerOptions } from '@trpc/server/adapters/ws';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { makeCreateContext } from '../context.js';
import { sharedPayloadEncoder } from '../realtime/shared-payload-encoder.js';
import { assertPlainJsonWire, bindSocket } from '../realtime/wire-fanout.js';
import { REQUEST_ID_HEADER, upgradeOf } from '../request-id.js';
import { type AppRouter, appRouter } from '../router.js';
import { keepAliveOptions, MAX_BATCH_SIZE } from '../security/index.js';
import { retryAfterOf } from './retry-after.js';
import { plainQueryHandler } from './trpc-plain-query.js';
import { isClientSocketError } from './websocket.js';

type TrpcOptions = FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];

/**
 * Every procedure at /trpc, over HTTP and the websocket: tRPC's Fastify plugin, mounted by hand so
 * single GET queries can take the plain path first (trpc-plain-query.ts).
 */
export const trpcPlugin = fp(
  async (app) => {
    const { services } = app;
    assertPlainJsonWire(appRouter);
    const createContext = makeCreateContext(services);
    const trpcOptions = {
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
      responseMeta({ errors }) {
        const retryAfter = retryAfterOf(errors);
        return retryAfter ? { headers: { 'retry-after': retryAfter } } : {};
      },
      onError({ error, path, type }) {
        // Expected outcomes (bad input, auth, backend failures) are logged where they happen; a
        // client's broken socket by the websocket plugin.
        if (error.code === 'INTERNAL_SERVER_ERROR' && !isClientSocketError(error.cause))
          app.log.error({ err: error, path, type }, 'procedure failed');
      },
    } satisfies TrpcOptions;
    const plainQuery = plainQueryHandler(trpcOptions);

    await app.register(async (scope) => {
      // Query answers over HTTP go compressed to clients that accept it (answers under 1 KB go as
      // they are): the console's first reference batch is about 70 KB of JSON, most of a tablet's
      // wait for its first screen on a slow network.
      await scope.register(fastifyCompress);
      // Every answer is one user's data (or says who is signed in): no cache may keep it.
      scope.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      // tRPC parses the JSON itself; read as a string, the body limit applies. No procedure takes
      // form data, and tRPC would read a multipart stream past the body limit, so it is refused
      // (415) as every other type without a parser.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      const handler = async (req: FastifyRequest<{ Params: { path: string } }>, res: FastifyReply) => {
        const { path } = req.params;
        if (await plainQuery(req, res, path)) return;
        await fastifyRequestHandler({ ...trpcOptions, req, res, path });
      };
      const reads = ['GET', 'HEAD'];
      scope.route({ method: reads, url: '/trpc/:path', handler });
      // Mutations (and queries POSTed for their long input) go as they are: tRPC's handler streams
      // its answer, so the plugin cannot see that it is small, and a compression stream costs about
      // 0.25 ms of CPU per answer.
      scope.route({
        method: scope.supportedMethods.filter((m) => !reads.includes(m)),
        url: '/trpc/:path',
        handler,
        compress: false,
      });
      // tRPC's plugin passes the same options (its onError gets the upgrade request there).
      const onConnection = getWSConnectionHandler(trpcOptions as unknown as WSSHandlerOptions<AppRouter>);
      // The 101 answer names the upgrade request too (its id has only safe characters).
      app.websocketServer.on('headers', (headers, req) => {
        const id = upgradeOf(req)?.id;
        if (id) headers.push(`${REQUEST_ID_HEADER}: ${id}`);
      });
      scope.get('/trpc', { websocket: true }, (socket, req) => {
        onConnection(socket, req.raw);
      });
    });
  },
  { name: 'waybill-trpc', dependencies: ['waybill-services', 'waybill-security'] },
);
