/** Longest outside address taken as a link or a place to send a browser. */
export const HTTP_ADDRESS_MAX_LENGTH = 2048;

/**
 * An http(s) address with a host and no spaces or control characters, trimmed, or null. Addresses
 * that come from shops, labels or the backend become links or redirects only through this, so a
 * `javascript:`, `data:` or other scheme never does.
 */
export function httpAddress(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value.length > HTTP_ADDRESS_MAX_LENGTH) return null;
  return /^https?:\/\/[^\s/?#\\@]+(?:[/?#][^\s]*)?$/i.test(value) && !/\p{Cc}/u.test(value) ? value : null;
}
