import { createHash } from 'node:crypto';

/**
 * The expiry rules every session store applies (on disk, in Redis, in a replica's outage cache): a
 * session lives until its absolute end (`expiresAt`) and until it has gone unused for the idle
 * timeout (`idleUntil`, pushed forward by each use).
 */
export function isLive(expiresAt: number, idleUntil: number, now: number): boolean {
  return now < expiresAt && now < idleUntil;
}

/** The idle deadline after a use at `now`. */
export function idleUntilAfterUse(now: number, idleMs: number): number {
  return now + idleMs;
}

/**
 * How far a stored idle deadline may lag before a read writes the new one: a read-heavy gateway
 * then writes a session at most about once a minute, not on every request, and the session may end
 * up to this much earlier than an exact idle timeout would (a twentieth of it at most).
 */
export function idleWriteSlackMs(idleMs: number): number {
  return Math.min(60_000, Math.floor(idleMs / 20));
}

/** A store's key for a session id: its digest, so no store (file, Redis, memory) holds a usable id. */
export function sessionKey(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}
