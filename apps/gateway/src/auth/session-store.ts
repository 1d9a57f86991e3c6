/** What a gateway session holds: the backend token stays here, never in the browser. */
export interface SessionRecord {
  /** The backend's access token. */
  token: string;
  createdAt: number;
  /** Absolute end (epoch ms), whatever the activity. */
  expiresAt: number;
}

/**
 * Gateway sessions, and the used sign-in states. In memory on one replica, in Redis with REDIS_URL
 * so every replica agrees (scale/redis-session-store.ts).
 */
export interface SessionStore {
  /** Stores a new session under `id` (idle timeout starts now). */
  create(id: string, record: SessionRecord): Promise<void>;
  /** The live session, its idle timeout restarted; null when unknown, idle too long or past its end. */
  resolve(id: string): Promise<SessionRecord | null>;
  /** Ends a session on every replica; each calls its `onRevoked` listeners. */
  revoke(id: string): Promise<void>;
  onRevoked(listener: (id: string) => void): () => void;
  /** True the first time `key` is claimed within `ttlMs`, false after (single-use sign-in states). */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
  close(): void;
}

interface Held {
  record: SessionRecord;
  idleUntil: number;
}

/** One replica's sessions. Expired entries are dropped when read and by a periodic sweep. */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, Held>();
  private readonly claimed = new Map<string, number>();
  private readonly listeners = new Set<(id: string) => void>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.sweep(), 60_000);
    this.timer.unref();
  }

  async create(id: string, record: SessionRecord): Promise<void> {
    this.sessions.set(id, { record, idleUntil: this.now() + this.idleMs });
  }

  async resolve(id: string): Promise<SessionRecord | null> {
    const held = this.sessions.get(id);
    if (!held) return null;
    const now = this.now();
    if (now >= held.idleUntil || now >= held.record.expiresAt) {
      this.sessions.delete(id);
      return null;
    }
    held.idleUntil = now + this.idleMs;
    return held.record;
  }

  async revoke(id: string): Promise<void> {
    this.sessions.delete(id);
    for (const listener of this.listeners) listener(id);
  }

  onRevoked(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async claimOnce(key: string, ttlMs: number): Promise<boolean> {
    const until = this.claimed.get(key);
    if (until !== undefined && until > this.now()) return false;
    this.claimed.set(key, this.now() + ttlMs);
    return true;
  }

  close(): void {
    clearInterval(this.timer);
    this.listeners.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, held] of this.sessions)
      if (now >= held.idleUntil || now >= held.record.expiresAt) this.sessions.delete(id);
    for (const [key, until] of this.claimed) if (until <= now) this.claimed.delete(key);
  }
}
