import { SAME_ORIGIN_PATH_MAX_LENGTH, sameOriginPath } from '@waybill/contracts';

/** Longest path accepted as a return target after sign-in. */
export const RETURN_PATH_MAX_LENGTH = SAME_ORIGIN_PATH_MAX_LENGTH;

/** Paths that never make sense to return to after sign-in (they would loop back to it). */
const NEVER_RETURN_TO = /^\/login(?:[/?#]|$)/;

/**
 * Safe return path: where sign-in may send the user back to. Only a same-origin absolute path is
 * accepted ("/inbounds?x=1#y", see `sameOriginPath`), and never the sign-in pages themselves. The
 * answer is the normalised path, search and hash.
 */
export function safeReturnPath(raw: unknown): string | null {
  const path = sameOriginPath(raw);
  return path && !NEVER_RETURN_TO.test(path) ? path : null;
}
