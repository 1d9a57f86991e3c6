import { createHmac, timingSafeEqual } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Context } from '../context.js';
import { newNonce } from './credentials.js';

/** HttpOnly cookie binding a Google sign-in to the browser that started it. */
export const SIGN_IN_STATE_COOKIE = 'waybill_signin_state';
/** Only tRPC calls need it (the callback is a tRPC mutation). */
const COOKIE_PATH = '/trpc';

interface Signed {
  /** Nonce (128 bits). */
  n: string;
  /** The shop-install state the flow carries, if any. */
  a?: string;
  /** Expiry, epoch ms. */
  e: number;
}

const refuse = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });

/**
 * The signing key: derived from SERVICE_TOKEN, a secret every replica of a deployment shares, so a
 * flow started on one replica finishes on another without a new variable.
 */
function key(ctx: Context): Buffer {
  return createHmac('sha256', ctx.services.config.SERVICE_TOKEN).update('waybill sign-in state v1').digest();
}

const mac = (ctx: Context, body: string) => createHmac('sha256', key(ctx)).update(body).digest();

/** The state sent to Google: the nonce, then `.` and the install state, if any. */
const stateOf = (signed: Signed) => (signed.a ? `${signed.n}.${signed.a}` : signed.n);

/**
 * Login CSRF guard: a fresh nonce goes into the state sent to Google and into a signed, HttpOnly,
 * SameSite=Strict cookie that lives SIGNIN_STATE_TTL_MS. Nothing is stored until the callback, so
 * making links costs no server memory.
 */
export function beginSignIn(ctx: Context, appState: string | undefined): string {
  const { reply } = ctx;
  if (!reply)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Start Google sign-in over HTTP: its state is bound to the browser by a cookie',
    });
  const { config } = ctx.services;
  const signed: Signed = {
    n: newNonce(),
    ...(appState ? { a: appState } : {}),
    e: Date.now() + config.SIGNIN_STATE_TTL_MS,
  };
  const body = Buffer.from(JSON.stringify(signed)).toString('base64url');
  reply.setCookie(SIGN_IN_STATE_COOKIE, `${body}.${mac(ctx, body).toString('base64url')}`, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.COOKIE_SECURE,
    maxAge: Math.ceil(config.SIGNIN_STATE_TTL_MS / 1000),
  });
  // Each link is for one browser: no shared cache may keep it (or its cookie).
  reply.header('cache-control', 'no-store');
  return stateOf(signed);
}

function readCookie(ctx: Context, raw: string | undefined): Signed | null {
  if (!raw || raw.length > 8192) return null;
  const [body = '', signature = '', extra] = raw.split('.');
  if (extra !== undefined) return null;
  const expected = mac(ctx, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const signed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Signed;
    return typeof signed.n === 'string' && typeof signed.e === 'number' ? signed : null;
  } catch {
    return null;
  }
}

/**
 * Checks the callback's state against this browser's signed cookie, then uses the flow up (single
 * use on every replica). Missing, forged, expired, reused or mismatched: FORBIDDEN, and nothing
 * reaches the backend. Returns the install state the flow carried.
 */
export async function finishSignIn(ctx: Context, state: string | undefined): Promise<{ appState?: string }> {
  const signed = readCookie(ctx, ctx.req?.cookies[SIGN_IN_STATE_COOKIE]);
  ctx.reply?.clearCookie(SIGN_IN_STATE_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' });
  if (!signed)
    throw refuse('Google sign-in was not started in this browser (no sign-in state cookie): start again');
  const left = signed.e - Date.now();
  if (left <= 0) throw refuse('This Google sign-in has expired or was already used: start again');
  if (state !== stateOf(signed))
    throw refuse('The Google sign-in state does not match the one this browser started: start again');
  if (!(await ctx.services.sessions.claimOnce(signed.n, left)))
    throw refuse('This Google sign-in has expired or was already used: start again');
  return signed.a ? { appState: signed.a } : {};
}
