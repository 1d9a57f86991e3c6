import { AUTH_COOKIE_NAME } from '@waybill/contracts';
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
  await sessions.create(id, { token: backendToken, createdAt: now, expiresAt: now + lifetimeMs });
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
