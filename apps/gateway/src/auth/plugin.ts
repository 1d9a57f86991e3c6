import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { classifyCredential, credentialFrom, parseCookieHeader } from '../context.js';
import { isSessionId } from './credentials.js';
import { sessionKey } from './session-expiry.js';

/**
 * Session wiring per replica: a revoked session (logout here or on another replica) closes its
 * websockets here; a periodic check closes sockets whose session expired (and keeps live ones'
 * sessions from going idle: an open console counts as activity); an upgrade whose cookie or bearer
 * header is not a well-formed credential gets 401 before the upgrade.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { sessions, config } = app.services;
    const guard = app.wsGuard;
    // Sockets are held by session id, a revocation names the session's key: few sockets per replica.
    const stop = sessions.onRevoked((key) => {
      for (const id of guard.tokens()) if (isSessionId(id) && sessionKey(id) === key) guard.closeToken(id);
    });

    const periodMs = Math.min(60_000, Math.max(1000, Math.floor(config.SESSION_IDLE_MS / 4)));
    let checking = false;
    const timer = setInterval(async () => {
      if (checking) return;
      checking = true;
      try {
        for (const id of guard.tokens()) {
          if (!isSessionId(id)) continue;
          if (!(await sessions.resolve(id))) guard.closeToken(id);
        }
      } catch (error) {
        app.log.warn({ err: (error as Error).message }, 'session check of open websockets failed');
      } finally {
        checking = false;
      }
    }, periodMs);
    timer.unref();

    app.addUpgradeCheck((request) => {
      const found = credentialFrom(request.headers, parseCookieHeader(request.headers.cookie), null);
      if (classifyCredential(found).kind !== 'malformed') return null;
      return {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'The session token is not a valid session id: sign in again',
      };
    });

    app.addHook('onClose', async () => {
      clearInterval(timer);
      stop();
    });
  },
  { name: 'waybill-auth', dependencies: ['waybill-services', 'waybill-security'] },
);
