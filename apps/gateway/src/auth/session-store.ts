/** What a gateway session holds: the backend token stays here, never in the browser. */
export interface SessionRecord {
  /** The backend's access token. */
  token: string;
  createdAt: number;
  /** Absolute end (epoch ms), whatever the activity. */
  expiresAt: number;
  /** The idle timeout of this record alone; the store's (SESSION_IDLE_MS) when absent. */
  idleMs?: number;
  /** A script token's owner (user uid): its uses are recorded as its "last used". */
  owner?: string;
  /** Signed in by a script (`bearer: true`), not by the console: it may not make script tokens. */
  script?: true;
}

/**
 * Gateway sessions, and the used sign-in states. On disk under DATA_DIR on a single-process gateway
 * (disk-session-store.ts), in Redis with REDIS_URL so every replica agrees
 * (scale/redis-session-store.ts). Both apply the rules of session-expiry.ts.
 */
export interface SessionStore {
  /** Stores a new session under `id` (idle timeout starts now). */
  create(id: string, record: SessionRecord): Promise<void>;
  /** The live session, its idle timeout restarted; null when unknown, idle too long or past its end. */
  resolve(id: string): Promise<SessionRecord | null>;
  /** Ends a session on every replica; each calls its `onRevoked` listeners. */
  revoke(id: string): Promise<void>;
  /** The same, for a session known by its key only (a script token revoked from its list). */
  revokeKey(key: string): Promise<void>;
  /** Listeners get the ended session's key (session-expiry.ts's sessionKey), never its id. */
  onRevoked(listener: (key: string) => void): () => void;
  /** True the first time `key` is claimed within `ttlMs`, false after (single-use sign-in states). */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
  /** About how many sessions are live (the sessions gauge): never a scan of every session. */
  count(): Promise<number>;
  close(): void | Promise<void>;
}
