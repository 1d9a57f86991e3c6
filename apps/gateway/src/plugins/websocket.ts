import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';

/** Largest websocket frame; a bigger one closes that socket. */
export const MAX_WS_PAYLOAD = 64 * 1024;

/** The websocket server tRPC subscriptions run on. */
export const websocketPlugin = fp(
  async (app) => {
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
  },
  { name: 'waybill-websocket' },
);
