import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';

/** Largest websocket frame; a bigger one closes that socket. */
export const MAX_WS_PAYLOAD = 64 * 1024;

/** The websocket server tRPC subscriptions run on. */
export const websocketPlugin = fp(
  async (app) => {
    await app.register(fastifyWebsocket, {
      options: { maxPayload: MAX_WS_PAYLOAD },
      // close() drains first (plugins/drain.ts: clients told to reconnect, sockets closed), then
      // the websocket server closes once its last client is gone.
      preClose(done) {
        app.drain().then(
          () => app.websocketServer.close(() => done()),
          (error: unknown) => done(error as Error),
        );
      },
    });
  },
  { name: 'waybill-websocket' },
);
