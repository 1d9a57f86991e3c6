import { AUTH_COOKIE_NAME, BACKEND_ROUTES } from '@waybill/contracts';
import { BackendError } from '../backend/backend-error.js';
import type { Context } from '../context.js';
import { newSessionId } from './credentials.js';

const DAY_MS = 86_400_000;

function cookieOptions(ctx: Context) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: ctx.services.config.COOKIE_SECURE,
  };
}

/**
 * Starts a gateway session for a fresh backend token. Its absolute lifetime is the sign-in method's
 * cookie lifetime, capped by SESSION_MAX_MS; the cookie lives as long. A session the browser already
 * had ends (a new identity replaces it). Returns the session id.
 */
export async function startSession(
  ctx: Context,
  backendToken: string,
  cookieDays: number,
  { cookie }: { cookie: boolean },
): Promise<string> {
  const { sessions, config } = ctx.services;
  const now = Date.now();
  const lifetimeMs = Math.min(cookieDays * DAY_MS, config.SESSION_MAX_MS);
  const id = newSessionId();
  await sessions.create(id, {
    token: backendToken,
    createdAt: now,
    expiresAt: now + lifetimeMs,
    ...(cookie ? {} : { script: true as const }),
  });
  if (ctx.sessionId && cookie) await sessions.revoke(ctx.sessionId);
  if (cookie)
    ctx.reply?.setCookie(AUTH_COOKIE_NAME, id, {
      ...cookieOptions(ctx),
      maxAge: Math.round(lifetimeMs / 1000),
    });
  return id;
}

/** Ends the caller's session on every replica (its websockets close there) and clears the cookie. */
export async function endSession(ctx: Context): Promise<void> {
  if (ctx.sessionId) await ctx.services.sessions.revoke(ctx.sessionId);
  ctx.reply?.clearCookie(AUTH_COOKIE_NAME, cookieOptions(ctx));
}

/** A backend answer saying the token itself is no longer accepted (401), as opposed to an outage. */
export function isTokenRefused(error: unknown): error is BackendError {
  return error instanceof BackendError && error.code === 'UNAUTHORIZED' && error.details.status === 401;
}

/**
 * The backend refused the session's token with a 401: the one backend answer that ends a gateway
 * session (an outage, a 5xx or a timeout never does). Unless the refused call was users.me itself,
 * users.me is asked once more, so a 401 on some other path does not sign anyone out. The session is
 * revoked (its websockets close) and the cookie cleared; a revocation Redis cannot take now is
 * written when it is back (redis-session-store.ts), and the cookie is cleared all the same.
 */
export async function endRefusedSession(ctx: Context, refused: BackendError): Promise<void> {
  const { token, sessionId, services } = ctx;
  if (!token || !sessionId) return;
  if (refused.details.path !== BACKEND_ROUTES['users.me'].path) {
    try {
      await services.backend.call('users.me', { token });
      return;
    } catch (error) {
      if (!isTokenRefused(error)) return;
    }
  }
  services.reference.forget(token);
  try {
    await services.sessions.revoke(sessionId);
  } catch (error) {
    services.logger.warn({ err: (error as Error).message }, 'ending a refused session: revocation failed');
  }
  ctx.reply?.clearCookie(AUTH_COOKIE_NAME, cookieOptions(ctx));
}
