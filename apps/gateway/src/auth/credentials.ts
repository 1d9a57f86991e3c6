import { randomBytes } from 'node:crypto';

/** Gateway session ids: a fixed prefix and 256 random bits, base64url. */
const SESSION_ID = /^wbs_[A-Za-z0-9_-]{43}$/;

/**
 * What a backend bearer token may look like when a script sends one directly: RFC 6750's b64token,
 * bounded. Anything else (CR/LF, NUL, spaces, non-ASCII) would be forwarded as a header, so it is
 * refused here with UNAUTHORIZED instead.
 */
const BACKEND_TOKEN = /^[A-Za-z0-9\-._~+/]{1,4096}=*$/;

export function newSessionId(): string {
  return `wbs_${randomBytes(32).toString('base64url')}`;
}

export function isSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}

export function isBackendTokenShape(value: string): boolean {
  return BACKEND_TOKEN.test(value);
}

/** A random value for a sign-in flow's state (128 bits). */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}
