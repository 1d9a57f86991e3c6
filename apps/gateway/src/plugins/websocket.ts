import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';

/** Largest websocket frame; a bigger one closes that socket. */
export const MAX_WS_PAYLOAD = 64 * 1024;

/**
 * An error a client's own socket caused (a frame over the limit, bad UTF-8, a reset): anyone can
 * cause one, as often as they reconnect, so it is no error of ours to alert on.
 */
export function isClientSocketError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE')
  );
}

/** The websocket server tRPC subscriptions run on. */
export const websocketPlugin = fp(
  async (app) => {
    await app.register(fastifyWebsocket, {
      options: { maxPayload: MAX_WS_PAYLOAD },
      errorHandler(error, socket, request) {
        if (isClientSocketError(error))
          request.log.warn(
            { reason: error.message, code: (error as { code?: string }).code },
            'websocket closed: the client broke the protocol or went away',
          );
        else request.log.error(error);
        socket.terminate();
      },
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
