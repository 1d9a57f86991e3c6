import { sameOriginPath } from '@waybill/contracts';
import type { Config } from './config.js';

/**
 * Same origin (the Origin's host equals the Host header) is always allowed; other origins only
 * when listed in ALLOWED_ORIGINS. Scheme is not compared for same-origin: TLS often ends at a proxy.
 */
export function isOriginAllowed(
  origin: string,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  const normalised = origin.replace(/\/+$/, '');
  if (allowed.includes(normalised)) return true;
  try {
    return host !== undefined && new URL(normalised).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** Where sign-in may send a browser back to: configuration only, never a request header. */
export interface ConsoleOrigins {
  /** The console's own origin: PUBLIC_URL, or http://localhost at the listening port. */
  home: string;
  /** Every origin a redirect address may be on: `home` (and 127.0.0.1 without PUBLIC_URL), ALLOWED_ORIGINS. */
  allowed: string[];
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The console's origins from PUBLIC_URL and ALLOWED_ORIGINS. Without PUBLIC_URL, only the loopback
 * names at the port the gateway listens on: a console opened on any other address must set it.
 */
export function consoleOrigins(
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>,
  listeningPort: number,
): ConsoleOrigins {
  const own = config.PUBLIC_URL
    ? [config.PUBLIC_URL]
    : [`http://localhost:${listeningPort}`, `http://127.0.0.1:${listeningPort}`].map(
        (o) => new URL(o).origin,
      );
  const listed = config.ALLOWED_ORIGINS.map(originOf).filter((o): o is string => o !== null);
  return { home: own[0] ?? '', allowed: [...new Set([...own, ...listed])] };
}

/**
 * A redirect address the gateway may hand to Google or the shop platform: an absolute http(s) URL,
 * without user info, on one of the console's configured origins. Anything else would send an
 * authorization code to someone else.
 */
export function isRedirectAllowed(uri: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return allowed.includes(url.origin);
}

/** Where a shop-install parameter may send the browser: a same-origin path, or a redirect address as above. */
export function isReturnTargetAllowed(value: string, allowed: readonly string[]): boolean {
  return sameOriginPath(value) !== null || isRedirectAllowed(value, allowed);
}
