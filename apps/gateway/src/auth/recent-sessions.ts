import { idleUntilAfterUse, isLive } from './session-expiry.js';
import type { SessionRecord } from './session-store.js';

export interface RecentSessionsOptions {
  /** How long after it was last read from the store a session may still be served from here. */
  ttlMs: number;
  /** Sessions remembered at once (the least recently seen go first). */
  maxEntries: number;
  /** The sessions' idle timeout: one seen at `t` is not served past `t + idleMs` either. */
  idleMs: number;
  now?: () => number;
}

/**
 * The sessions one replica read from its shared store lately, to serve them while that store is
 * unreachable. Keyed by session key (session-expiry.ts), never by the id itself.
 */
export class RecentSessions {
  private readonly entries = new Map<string, { record: SessionRecord; seenAt: number }>();
  private readonly now: () => number;

  constructor(private readonly opts: RecentSessionsOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  remember(key: string, record: SessionRecord): void {
    if (this.opts.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { record, seenAt: this.now() });
    while (this.entries.size > this.opts.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** The session, when it was seen within ttlMs and its expiry rules still let it live. */
  recall(key: string): SessionRecord | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = this.now();
    const idleUntil = idleUntilAfterUse(entry.seenAt, entry.record.idleMs ?? this.opts.idleMs);
    if (now - entry.seenAt < this.opts.ttlMs && isLive(entry.record.expiresAt, idleUntil, now))
      return entry.record;
    this.entries.delete(key);
    return null;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}
