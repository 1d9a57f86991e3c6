/** Longest path accepted as a return target after sign-in. */
export const RETURN_PATH_MAX_LENGTH = 2048;

/** Paths that never make sense to return to after sign-in (they would loop back to it). */
const NEVER_RETURN_TO = /^\/login(?:[/?#]|$)/;

/** Anything other than printable ASCII (control characters, spaces, non-ASCII look-alikes). */
const UNSAFE_CHARACTER = /[^\x21-\x7e]/;

/** A fixed origin to resolve against: a path that leaves it was never same-origin. */
const PROBE_ORIGIN = 'https://same-origin.invalid';

/**
 * Safe return path: where sign-in may send the user back to. Only a same-origin absolute path is
 * accepted ("/inbounds?x=1#y"); a protocol-relative "//host", a scheme ("http:", "javascript:"),
 * backslashes (browsers read "/\host" as "//host"), control characters, encoded slashes or
 * backslashes at the start, and the sign-in pages themselves give null. The answer is the
 * normalised path, search and hash.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > RETURN_PATH_MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\') || UNSAFE_CHARACTER.test(raw)) return null;
  // "/%2F%2Fhost" or "/%5Chost" decode to a protocol-relative path in some routers.
  if (/^\/%(?:2f|5c)/i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('//') || NEVER_RETURN_TO.test(url.pathname)) return null;
  return path;
}
