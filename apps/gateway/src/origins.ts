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

/**
 * A redirect address the gateway may hand to Google or the shop platform: an http(s) URL, without
 * user info, on the console's own host (the request's Host) or on an origin in ALLOWED_ORIGINS.
 * Anything else would send an authorization code to someone else.
 */
export function isRedirectAllowed(
  uri: string,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  if (allowed.includes(url.origin)) return true;
  return host !== undefined && url.host === host.toLowerCase();
}
