import { STATE_FORWARD_MIN_EXCLUSIVE } from '@waybill/contracts';

/** A shop-install state value is forwarded after login only when longer than 10 characters. */
export function forwardableState(state: string | null | undefined): string | undefined {
  return typeof state === 'string' && state.length > STATE_FORWARD_MIN_EXCLUSIVE ? state : undefined;
}

/** Where to go after signing in: the realtime screen, carrying a forwardable state. */
export function afterLoginPath(state: string | null | undefined): string {
  const forwarded = forwardableState(state);
  return forwarded ? `/realtime?state=${encodeURIComponent(forwarded)}` : '/realtime';
}

/** Where an unauthenticated visit is sent: /login, carrying the page's forwardable state. */
export function loginPath(state: string | null | undefined): string {
  const forwarded = forwardableState(state);
  return forwarded ? `/login?state=${encodeURIComponent(forwarded)}` : '/login';
}
