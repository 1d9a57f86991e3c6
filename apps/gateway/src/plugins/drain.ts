import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Close code of the websockets a drain closes: "service restart" (RFC 6455 registry), so clients
 * reconnect at once (through a balancer, to another replica) instead of treating it as a failure.
 */
export const WS_SERVICE_RESTART = 1012;

/** What a drain still waits on, for the log when the grace period runs out. */
export interface DrainState {
  draining: boolean;
  /** TCP connections still open on the main port (websockets included). */
  connections: number;
  websockets: number;
  /** Requests still being answered, as `METHOD /path` (no query: inputs stay out of the log). */
  requests: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops taking work and resolves once every connection of the main port is closed: the listener
     * closes, websocket clients are told to reconnect elsewhere, in-flight answers finish
     * with `Connection: close`. Idempotent; `close()` drains first too. Services stay open until `close()`.
     */
    drain(): Promise<void>;
    drainState(): DrainState;
  }
}

/** The answer to a websocket upgrade during a drain: the client (or balancer) retries elsewhere. */
const UPGRADE_REFUSAL = (() => {
  const body = JSON.stringify({
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'Server restarting: reconnect',
  });
  return [
    'HTTP/1.1 503 Service Unavailable',
    'Connection: close',
    'Retry-After: 1',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
})();

/** The tRPC notice (as its ws adapter's broadcastReconnectNotification sends it) to reconnect now. */
const RECONNECT_NOTICE = JSON.stringify({ id: null, method: 'reconnect' });

/**
 * Graceful drain of the main port, installed on the server before any plugin. Once it starts:
 * - the listener closes, so new connections are refused (a balancer tries another replica, whatever
 *   the method: nothing was sent);
 * - websocket upgrades get 503 with `Connection: close` and `Retry-After`, and their socket is closed
 *   (Fastify's own closing 503 leaves an upgrade socket half-open, which held the exit to the grace
 *   timeout whenever a client reconnected during the close);
 * - open websockets get tRPC's `reconnect` notice and a 1012 close; one that does not finish the
 *   close handshake within `wsCloseWaitMs` is cut off;
 * - requests already on an open connection are answered as usual (a 503 there would reach the user
 *   for a POST, which a balancer does not retry), the last one of each connection with
 *   `Connection: close`;
 * - a keep-alive connection is closed once it has been idle for `idleCloseMs`. Closing it sooner
 *   races the balancer, which may be sending a request on it at that moment: the request gets a 502,
 *   and a balancer does not retry a POST. With the balancer's upstream keep-alive shorter than
 *   `idleCloseMs`, the balancer closes its idle connections first.
 */
export function installDrain(
  app: FastifyInstance,
  opts: { wsCloseWaitMs: number; idleCloseMs: number; now?: () => number },
): void {
  const now = opts.now ?? Date.now;
  const { server } = app;
  let draining = false;
  let drained: Promise<void> | null = null;
  const sockets = new Set<Socket>();
  const responses = new Set<ServerResponse>();
  // The last request each connection brought: its answer carries `Connection: close`. An earlier
  // one's does not, so the requests pipelined behind it still get their answers.
  const latest = new WeakMap<Socket, IncomingMessage>();
  // Per connection: answers in progress and since when it has had none. Upgraded ones are left to
  // the websocket close.
  const activity = new WeakMap<Socket, { answering: number; idleSince: number }>();
  const upgraded = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    activity.set(socket, { answering: 0, idleSince: now() });
    socket.once('close', () => sockets.delete(socket));
  });
  // Ahead of Fastify's own listener: a route that answers synchronously (/readyz while draining)
  // reaches the onSend check below before Fastify's listener returns, so the request must be
  // recorded first, or its answer keeps the connection open until the grace period ends.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    latest.set(req.socket, req);
    responses.add(res);
    const state = activity.get(req.socket);
    if (state) state.answering += 1;
    res.once('close', () => {
      responses.delete(res);
      if (state) {
        state.answering -= 1;
        state.idleSince = now();
      }
    });
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (draining && request.raw.httpVersionMajor < 2 && latest.get(request.raw.socket) === request.raw)
      reply.header('connection', 'close');
    done(null, payload);
  });

  const websockets = (): WebSocketServer | null =>
    app.hasDecorator('websocketServer') ? app.websocketServer : null;
  const closeWebsocket = (socket: WebSocket) => {
    if (socket.readyState === socket.OPEN) {
      socket.send(RECONNECT_NOTICE);
      socket.close(WS_SERVICE_RESTART, 'server restarting');
    }
    // A client gone without a word never answers the close: ws would wait 30 s for it.
    const cutOff = setTimeout(() => socket.terminate(), opts.wsCloseWaitMs);
    cutOff.unref();
    socket.once('close', () => clearTimeout(cutOff));
  };

  // Every upgrade passes this gate first: once draining, it is refused here, before Fastify routes it.
  app.addHook('onReady', async () => {
    const handlers = server.listeners('upgrade') as Array<(...args: unknown[]) => void>;
    server.removeAllListeners('upgrade');
    server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
      upgraded.add(socket);
      if (!draining) {
        for (const handler of handlers) handler.call(server, req, socket, head);
        return;
      }
      socket.on('error', () => socket.destroy());
      socket.end(UPGRADE_REFUSAL, () => socket.destroy());
    });
  });

  app.decorate('drain', function drain(): Promise<void> {
    if (drained) return drained;
    draining = true;
    drained = (async () => {
      // Stops accepting; the callback waits for every open connection (websockets included). net's
      // close, not http's: http's also closes every idle keep-alive connection at once, the race
      // with the balancer that idleCloseMs avoids.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const wss = websockets();
      if (wss) {
        // An upgrade that was already past the gate (in its checks) gets 503 from ws itself now, and
        // its socket closed.
        wss.close();
        for (const socket of wss.clients) closeWebsocket(socket);
      }
      // Connections idle for idleCloseMs are closed.
      const sweep = () => {
        const idleBefore = now() - opts.idleCloseMs;
        for (const socket of sockets) {
          const state = activity.get(socket);
          if (!upgraded.has(socket) && state?.answering === 0 && state.idleSince <= idleBefore)
            socket.destroy();
        }
      };
      sweep();
      const idle = setInterval(sweep, 100);
      idle.unref();
      try {
        await closed;
      } finally {
        clearInterval(idle);
      }
    })();
    return drained;
  });

  app.decorate('drainState', (): DrainState => {
    const requests = [...responses]
      .slice(0, 20)
      .map((res) => `${res.req.method} ${(res.req.url ?? '').split('?')[0]}`);
    return { draining, connections: sockets.size, websockets: websockets()?.clients.size ?? 0, requests };
  });
}
