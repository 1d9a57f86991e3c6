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
