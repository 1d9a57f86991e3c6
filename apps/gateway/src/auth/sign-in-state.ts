import { TRPCError } from '@trpc/server';
import type { Context } from '../context.js';
import { newNonce } from './credentials.js';

/** HttpOnly cookie binding a Google sign-in to the browser that started it. */
export const SIGN_IN_STATE_COOKIE = 'waybill_signin_state';
/** Only tRPC calls need it (the callback is a tRPC mutation). */
const COOKIE_PATH = '/trpc';
const NONCE = /^[A-Za-z0-9_-]{22}$/;

interface Pending {
  /** The exact state sent to Google: the nonce, then `.` and the shop-install state, if any. */
  state: string;
  appState?: string;
}

const refuse = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });

/**
 * Login CSRF guard: a fresh random nonce goes into the state sent to Google and into an HttpOnly,
 * SameSite=Strict cookie; its record (the whole state) is kept server side for SIGNIN_STATE_TTL_MS.
 * Only this browser can finish the flow, once, within that time.
 */
export async function beginSignIn(ctx: Context, appState: string | undefined): Promise<string> {
  const { reply } = ctx;
  if (!reply)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Start Google sign-in over HTTP: its state is bound to the browser by a cookie',
    });
  const { config, sessions } = ctx.services;
  const nonce = newNonce();
  const state = appState ? `${nonce}.${appState}` : nonce;
  const pending: Pending = appState ? { state, appState } : { state };
  await sessions.putPending(nonce, JSON.stringify(pending), config.SIGNIN_STATE_TTL_MS);
  reply.setCookie(SIGN_IN_STATE_COOKIE, nonce, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.COOKIE_SECURE,
    maxAge: Math.ceil(config.SIGNIN_STATE_TTL_MS / 1000),
  });
  return state;
}

/**
 * Checks the callback's state against this browser's cookie and uses the flow up (single use).
 * Missing, unknown, expired, reused or mismatched: FORBIDDEN, and nothing reaches the backend.
 */
export async function finishSignIn(ctx: Context, state: string | undefined): Promise<{ appState?: string }> {
  const nonce = ctx.req?.cookies[SIGN_IN_STATE_COOKIE];
  ctx.reply?.clearCookie(SIGN_IN_STATE_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' });
  if (!nonce || !NONCE.test(nonce))
    throw refuse('Google sign-in was not started in this browser (no sign-in state cookie): start again');
  const raw = await ctx.services.sessions.takePending(nonce);
  if (!raw) throw refuse('This Google sign-in has expired or was already used: start again');
  const pending = JSON.parse(raw) as Pending;
  if (state !== pending.state)
    throw refuse('The Google sign-in state does not match the one this browser started: start again');
  return pending.appState ? { appState: pending.appState } : {};
}
