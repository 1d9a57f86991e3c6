import { STATE_FORWARD_MIN_EXCLUSIVE } from '@waybill/contracts';
import { safeReturnPath } from './safe-return-path.js';

/** The console's Google callback route: the console sends its own address here to Google. */
export { GOOGLE_CALLBACK_PATH, SHOPIFY_AUTHORIZE_PATH, SHOPIFY_CALLBACK_PATH } from '@waybill/contracts';
/** The query parameter of /login naming the page to return to after sign-in. */
export const RETURN_PARAM = 'next';
/** Where the Google sign-in keeps the return page while the browser visits Google (same tab). */
const RETURN_STORAGE_KEY = 'waybill.returnPath';
/** The first screen: where sign-in lands without a page to return to. */
const HOME = '/realtime';

/** A shop-install state value is forwarded after login only when longer than 10 characters. */
export function forwardableState(state: string | null | undefined): string | undefined {
  return typeof state === 'string' && state.length > STATE_FORWARD_MIN_EXCLUSIVE ? state : undefined;
}

/**
 * Where to go after signing in: the realtime screen carrying a forwardable (shop-install) state,
 * else the page the visitor asked for when it is a same-origin path (safe return path), else realtime.
 */
export function afterLoginPath(state: string | null | undefined, next?: string | null): string {
  const forwarded = forwardableState(state);
  if (forwarded) return `${HOME}?state=${encodeURIComponent(forwarded)}`;
  return safeReturnPath(next) ?? HOME;
}

/**
 * Where an unauthenticated visit is sent: /login, carrying the page's forwardable state, or else the
 * page itself (when it is not the first screen) to return to after sign-in.
 */
export function loginPath(state: string | null | undefined, next?: string | null): string {
  const forwarded = forwardableState(state);
  if (forwarded) return `/login?state=${encodeURIComponent(forwarded)}`;
  const back = withoutState(safeReturnPath(next));
  return back && back !== '/' && back !== HOME
    ? `/login?${RETURN_PARAM}=${encodeURIComponent(back)}`
    : '/login';
}

/**
 * The router state a console page hands /login when the session ended under it (signed out in
 * another tab, expired, revoked): history state, so a reload or a bookmark of /login says nothing.
 */
export const SESSION_ENDED = { sessionEnded: true } as const;

/** Whether /login was opened because the session ended under the page before it. */
export function cameForEndedSession(locationState: unknown): boolean {
  return (
    typeof locationState === 'object' &&
    locationState !== null &&
    (locationState as { sessionEnded?: unknown }).sessionEnded === true
  );
}

/** A short (not forwardable) shop-install state is dropped, not carried back in the return page. */
function withoutState(path: string | null): string | null {
  if (!path) return null;
  const [beforeHash = '', hash] = path.split('#', 2);
  const [pathname = '', query] = beforeHash.split('?', 2);
  const params = new URLSearchParams(query ?? '');
  params.delete('state');
  const search = params.toString();
  return `${pathname}${search ? `?${search}` : ''}${hash !== undefined ? `#${hash}` : ''}`;
}

/** Keeps the return page across the Google round trip (sessionStorage: this tab only). */
export function rememberReturnPath(next: string | null | undefined): void {
  try {
    const back = safeReturnPath(next);
    if (back) sessionStorage.setItem(RETURN_STORAGE_KEY, back);
    else sessionStorage.removeItem(RETURN_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): sign-in then lands on the first screen.
  }
}

/** The return page kept by `rememberReturnPath`, read once. */
export function takeReturnPath(): string | null {
  try {
    const value = sessionStorage.getItem(RETURN_STORAGE_KEY);
    sessionStorage.removeItem(RETURN_STORAGE_KEY);
    return safeReturnPath(value);
  } catch {
    return null;
  }
}
