/** Longest same-origin path accepted as a place to send a browser. */
export const SAME_ORIGIN_PATH_MAX_LENGTH = 2048;

/** Anything other than printable ASCII (control characters, spaces, non-ASCII look-alikes). */
const UNSAFE_CHARACTER = /[^\x21-\x7e]/;

/** The WHATWG URL of browsers and Node (contracts name no platform's types): only what is used here. */
interface ParsedUrl {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}
declare const URL: new (input: string, base: string) => ParsedUrl;

/** A fixed origin to resolve against: a path that leaves it was never same-origin. */
const PROBE_ORIGIN = 'https://same-origin.invalid';

/**
 * A same-origin absolute path ("/inbounds?x=1#y") a browser may be sent to, or null. A
 * protocol-relative "//host", a scheme ("http:", "javascript:"), backslashes (browsers read
 * "/\host" as "//host"), control characters, and encoded slashes or backslashes at the start all
 * leave the origin somewhere, so they give null. The answer is the normalised path, search and hash.
 */
export function sameOriginPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > SAME_ORIGIN_PATH_MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\') || UNSAFE_CHARACTER.test(raw)) return null;
  // "/%2F%2Fhost" or "/%5Chost" decode to a protocol-relative path in some routers.
  if (/^\/%(?:2f|5c)/i.test(raw)) return null;
  let url: ParsedUrl;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? null : path;
}
