import { DataDirError, type DataSection, type DataStore, DURABLE } from '../storage/data-store.js';
import { idleUntilAfterUse, idleWriteSlackMs, isLive, sessionKey } from './session-expiry.js';
import type { SessionRecord, SessionStore } from './session-store.js';

/**
 * A session as stored: token, created, absolute end, idle deadline, and for a script token its own
 * idle timeout and owner (short names: one per session).
 */
interface Stored {
  t: string;
  c: number;
  e: number;
  i: number;
  l?: number;
  o?: string;
  /** Signed in by a script. */
  s?: 1;
}

interface Logger {
  warn(obj: object, msg?: string): void;
}

export interface DiskSessionStoreOptions {
  idleMs: number;
  logger: Logger;
  now?: () => number;
  /** How often expired sessions and sign-in states are deleted. */
  sweepMs?: number;
}

function parse(raw: string): Stored | null {
  try {
    const s = JSON.parse(raw) as Partial<Stored>;
    const ok =
      typeof s.t === 'string' &&
      typeof s.c === 'number' &&
      typeof s.e === 'number' &&
      typeof s.i === 'number';
    return ok ? (s as Stored) : null;
  } catch {
    return null;
  }
}

/**
 * A single-process gateway's sessions and used sign-in states, on disk under DATA_DIR, so a restart
 * signs nobody out. Reads are synchronous LevelDB lookups (no write per request: a session's idle
 * deadline is written again only once it moved by idleWriteSlackMs); sign-ins and logouts are
 * written with fsync, so neither comes undone after a crash of the machine. The store's lock makes
 * this process its only writer.
 */
export class DiskSessionStore implements SessionStore {
  private readonly listeners = new Set<(key: string) => void>();
  /** Sign-in states being claimed right now: a claim is written asynchronously, and is single use meanwhile too. */
  private readonly claiming = new Set<string>();
  /** Idle-deadline writes in flight, by key: a burst of requests writes once, and a logout waits for it. */
  private readonly touching = new Map<string, Promise<void>>();
  /**
   * What an in-flight write is putting (null: deleting), read before the store: LevelDB's reads do
   * not see a write still on its thread pool, and a use must never find the deadline the one
   * before it just moved.
   */
  private readonly writing = new Map<string, string | null>();
  /** Sessions being revoked: already refused, and no idle-deadline write may bring them back. */
  private readonly ending = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  /** Live sessions at the last sweep, plus sign-ins and minus logouts since (expiries show at the next). */
  private live = 0;
  private readonly now: () => number;
  private readonly slackMs: number;

  private constructor(
    private readonly sessions: DataSection,
    private readonly claims: DataSection,
    private readonly opts: DiskSessionStoreOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.slackMs = idleWriteSlackMs(opts.idleMs);
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        opts.logger.warn({ err: (error as Error).message }, 'sessions: sweeping expired ones failed'),
      );
    }, opts.sweepMs ?? 60_000);
    this.timer.unref();
  }

  /**
   * Opens the sessions kept in `store`, dropping the expired ones. A record that is not a session
   * stops the start (DataDirError): it is not silently dropped, and never fails a request later.
   */
  static async open(store: DataStore, opts: DiskSessionStoreOptions): Promise<DiskSessionStore> {
    const sessions = store.section('sessions');
    let unreadable = 0;
    for await (const raw of sessions.values()) if (!parse(raw)) unreadable += 1;
    if (unreadable > 0)
      throw new DataDirError(
        store.dataDir,
        `its store holds ${unreadable} unreadable session record(s): restore it from a backup, or move it away to start with an empty one (everyone signs in again)`,
      );
    const opened = new DiskSessionStore(sessions, store.section('sign-in-states'), opts);
    await opened.sweep();
    return opened;
  }

  async create(id: string, record: SessionRecord): Promise<void> {
    const stored: Stored = {
      t: record.token,
      c: record.createdAt,
      e: record.expiresAt,
      i: idleUntilAfterUse(this.now(), record.idleMs ?? this.opts.idleMs),
      ...(record.idleMs === undefined ? {} : { l: record.idleMs }),
      ...(record.owner === undefined ? {} : { o: record.owner }),
      ...(record.script ? { s: 1 as const } : {}),
    };
    await this.sessions.put(sessionKey(id), JSON.stringify(stored), DURABLE);
    this.live += 1;
  }

  async resolve(id: string): Promise<SessionRecord | null> {
    const key = sessionKey(id);
    if (this.ending.has(key)) return null;
    const inFlight = this.writing.get(key);
    const raw = inFlight === undefined ? this.sessions.getSync(key) : inFlight;
    const stored = raw == null ? null : parse(raw);
    if (!stored) return null;
    const now = this.now();
    if (!isLive(stored.e, stored.i, now)) {
      this.write(key, null);
      return null;
    }
    const idleUntil = idleUntilAfterUse(now, stored.l ?? this.opts.idleMs);
    if (idleUntil - stored.i > this.slackMs) this.write(key, JSON.stringify({ ...stored, i: idleUntil }));
    return {
      token: stored.t,
      createdAt: stored.c,
      expiresAt: stored.e,
      ...(stored.l === undefined ? {} : { idleMs: stored.l }),
      ...(stored.o === undefined ? {} : { owner: stored.o }),
      ...(stored.s === 1 ? { script: true as const } : {}),
    };
  }

  revoke(id: string): Promise<void> {
    return this.revokeKey(sessionKey(id));
  }

  async revokeKey(key: string): Promise<void> {
    this.ending.add(key);
    try {
      // LevelDB's writes run on a thread pool, in no set order: the delete must come after the write.
      await this.touching.get(key);
      const existed = this.sessions.getSync(key) !== undefined;
      await this.sessions.del(key, DURABLE);
      if (existed) this.live = Math.max(0, this.live - 1);
    } finally {
      this.ending.delete(key);
    }
    for (const listener of this.listeners) listener(key);
  }

  onRevoked(listener: (key: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async claimOnce(key: string, ttlMs: number): Promise<boolean> {
    if (this.claiming.has(key)) return false;
    const until = Number(this.claims.getSync(key));
    if (until > this.now()) return false;
    this.claiming.add(key);
    try {
      await this.claims.put(key, String(this.now() + ttlMs), DURABLE);
      return true;
    } finally {
      this.claiming.delete(key);
    }
  }

  async count(): Promise<number> {
    return this.live;
  }

  /** Stops the sweep and waits for the idle deadlines being written (the store closes after). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.listeners.clear();
    await Promise.all(this.touching.values());
  }

  /** An idle deadline moved forward (or an expired session dropped), without holding up the request. */
  private write(key: string, value: string | null): void {
    this.writing.set(key, value);
    // One write per session at a time; the one in flight writes the latest value when it is done.
    if (this.touching.has(key)) return;
    const run = async () => {
      for (let next = this.writing.get(key); next !== undefined; next = this.writing.get(key)) {
        try {
          await (next === null ? this.sessions.del(key) : this.sessions.put(key, next));
        } catch (error) {
          this.opts.logger.warn(
            { err: (error as Error).message },
            'sessions: writing an idle deadline failed',
          );
        }
        if (this.writing.get(key) === next) this.writing.delete(key);
      }
    };
    const done = run().finally(() => this.touching.delete(key));
    this.touching.set(key, done);
  }

  private async sweep(): Promise<void> {
    const now = this.now();
    const expired: string[] = [];
    let live = 0;
    for await (const [key, raw] of this.sessions.iterator()) {
      const stored = parse(raw);
      if (stored && !isLive(stored.e, stored.i, now)) expired.push(key);
      else live += 1;
    }
    this.live = live;
    if (expired.length > 0) await this.sessions.batch(expired.map((key) => ({ type: 'del', key })));
    const used: string[] = [];
    for await (const [key, until] of this.claims.iterator()) if (Number(until) <= now) used.push(key);
    if (used.length > 0) await this.claims.batch(used.map((key) => ({ type: 'del', key })));
  }
}
