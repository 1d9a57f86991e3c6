import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { PresentedCredential } from '../context.js';
import { upgradeOf } from '../request-id.js';
import { type CredentialCheck, headerCredential, paramsCredential } from './socket-credentials.js';
import type { UnauthenticatedSockets } from './unauthenticated-sockets.js';
import type { WsGuard } from './ws-guard.js';

export interface SocketAuthOptions {
  guard: WsGuard;
  unverified: UnauthenticatedSockets;
  check: CredentialCheck;
  maxPerUser: number;
}

/**
 * Which websockets count as signed in. An upgrade whose header credential is verified at once (a
 * live session id, a backend token accepted lately) is admitted under that identity, within
 * WS_MAX_PER_USER. Any other socket (no credential, a made-up one, a backend token still to be
 * asked about, connectionParams still to come) is unverified: it counts against its address and is
 * closed at the deadline, unless its credential is verified first.
 */
export function registerSocketAuth(app: FastifyInstance, opts: SocketAuthOptions) {
  const { guard, unverified, check } = opts;
  const verifiedAtUpgrade = new WeakMap<IncomingMessage, string>();

  app.addUpgradeCheck(async (request) => {
    const credential = headerCredential(request.raw);
    const identity = credential ? await check.quick(credential) : null;
    if (identity) {
      if (guard.isFull(identity))
        return {
          statusCode: 429,
          error: 'Too Many Requests',
          message: `Too many websockets for this session (max ${opts.maxPerUser}, WS_MAX_PER_USER)`,
        };
      verifiedAtUpgrade.set(request.raw, identity);
      return null;
    }
    unverified.noteAddress(request.raw, request.ip);
    if (!unverified.isFull(request.ip)) return null;
    return { statusCode: 429, error: 'Too Many Requests', message: unverified.refusal };
  });

  const admitWhenVerified = (socket: WebSocket, req: IncomingMessage, credential: PresentedCredential) => {
    const address = upgradeOf(req)?.address ?? req.socket.remoteAddress ?? 'unknown';
    void check.verify(credential, address).then((identity) => {
      // A socket closed (or refused over its address cap) meanwhile is no longer held.
      if (identity && unverified.release(socket)) guard.admit(socket, identity);
    });
  };

  /** Called on every accepted websocket, after the guard attached. */
  return (socket: WebSocket, req: IncomingMessage): void => {
    const identity = verifiedAtUpgrade.get(req);
    if (identity) {
      guard.admit(socket, identity);
      return;
    }
    if (!unverified.attach(socket, req)) return;
    // tRPC reads the header credential first and connectionParams only without one: so do we.
    const credential = headerCredential(req);
    if (credential) admitWhenVerified(socket, req, credential);
    else if (/[?&]connectionParams=1\b/.test(req.url ?? ''))
      socket.once('message', (raw) => {
        const params = paramsCredential(raw);
        if (params) admitWhenVerified(socket, req, params);
      });
  };
}
