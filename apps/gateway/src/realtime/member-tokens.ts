import { TRPCError } from '@trpc/server';
import type { RealtimeLogger } from './types.js';

/**
 * Asks the backend who a token belongs to (users.me): resolves with the user's uid, or throws
 * (UNAUTHORIZED when the backend refuses the token).
 */
export type TokenCheck = (token: string) => Promise<string>;

/** Ends one live subscription holding a token the backend refused. */
export type EndMember = (error: TRPCError) => void;

/** The error a live subscription ends with once the backend refuses its token. */
export function sessionExpired(): TRPCError {
  return new TRPCError({ code: 'UNAUTHORIZED', message: 'Session expired: sign in again' });
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCError && error.code === 'UNAUTHORIZED';
}

interface Entry {
  /** The live subscriptions holding the token. */
  holders: Set<EndMember>;
  /** The backend user the token belongs to, once a check said so. */
  user: string | null;
  /** When the last check was sent (ms on `now`). */
  checkedAt: number;
  checking: Promise<string> | null;
  timer: NodeJS.Timeout | null;
}

export interface MemberTokensOptions {
  check: TokenCheck;
  /** A held token is checked again this long after its last check was sent (CHANGE_POLL_MS). */
  intervalMs: number;
  logger: RealtimeLogger;
  now?: () => number;
}

/**
 * The backend tokens of live subscriptions, each checked against the backend on its own. A cohort
 * refreshes with one member's token, so without this a token the backend no longer accepts would
 * go on receiving what the cohort reads with another's. Every held token is checked once per
 * interval (one call per distinct token, whatever the number of its subscriptions), and a token
 * the backend refuses ends every subscription holding it with UNAUTHORIZED.
 *
 * The same check tells whose a token is: `identify` is the user a subscription's cohort is keyed
 * by, so a cohort only ever reads with tokens of one user. Its answer is trusted for one interval.
 */
export class MemberTokens {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly opts: MemberTokensOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** The backend user `token` belongs to: checked at most once per interval; throws when refused. */
  identify(token: string): Promise<string> {
    const entry = this.entries.get(token);
    if (entry?.checking) return entry.checking;
    if (entry?.user && this.now() - entry.checkedAt < this.opts.intervalMs)
      return Promise.resolve(entry.user);
    return this.check(token);
  }

  /** A live subscription holds `token` until the returned release; `end` runs if the backend refuses it. */
  hold(token: string, end: EndMember): () => void {
    const entry = this.entries.get(token) ?? this.add(token);
    entry.holders.add(end);
    return () => {
      entry.holders.delete(end);
    };
  }

  /** The backend refused `token` (a check, or a cohort's read with it): end every subscription holding it. */
  refused(token: string): void {
    const entry = this.entries.get(token);
    if (!entry) return;
    this.entries.delete(token);
    if (entry.timer) clearTimeout(entry.timer);
    if (entry.holders.size === 0) return;
    const error = sessionExpired();
    const ended = [...entry.holders];
    entry.holders.clear();
    for (const end of ended) end(error);
    this.opts.logger.info({ subscribers: ended.length }, 'live token refused: subscriptions ended');
  }

  /**
   * A cohort's refresh failed: check its members' tokens now. A token checked within the interval
   * keeps that answer (its next check is due within the interval anyway).
   */
  recheck(tokens: Iterable<string>): void {
    for (const token of new Set(tokens)) {
      const entry = this.entries.get(token);
      if (entry && !entry.checking && this.now() - entry.checkedAt >= this.opts.intervalMs)
        void this.check(token).catch(() => {});
    }
  }

  /** Distinct tokens held by live subscriptions. */
  size(): number {
    let held = 0;
    for (const entry of this.entries.values()) if (entry.holders.size > 0) held += 1;
    return held;
  }

  close(): void {
    this.closed = true;
    for (const entry of this.entries.values()) if (entry.timer) clearTimeout(entry.timer);
    this.entries.clear();
  }

  private add(token: string): Entry {
    const entry: Entry = {
      holders: new Set(),
      user: null,
      checkedAt: this.now(),
      checking: null,
      timer: null,
    };
    this.entries.set(token, entry);
    this.schedule(token, entry);
    return entry;
  }

  private check(token: string): Promise<string> {
    const entry = this.entries.get(token) ?? this.add(token);
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    entry.checkedAt = this.now();
    const checking = this.opts.check(token).then(
      (user) => {
        entry.checking = null;
        // Cohorts are keyed by the user: a token that now names another one holds none of them.
        if (entry.user !== null && entry.user !== user) {
          this.refused(token);
          throw sessionExpired();
        }
        entry.user = user;
        this.schedule(token, entry);
        return user;
      },
      (error: unknown) => {
        entry.checking = null;
        // Anything but a refusal (backend down, slow) leaves the subscriptions be: cohorts pause on
        // their own when their reads fail, and the token is checked again next interval.
        if (isUnauthorized(error)) this.refused(token);
        else this.schedule(token, entry);
        throw error;
      },
    );
    entry.checking = checking;
    return checking;
  }

  /** The next check, one interval after the last was sent; a token nobody holds by then is forgotten. */
  private schedule(token: string, entry: Entry): void {
    if (this.closed || this.entries.get(token) !== entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    const wait = Math.max(0, entry.checkedAt + this.opts.intervalMs - this.now());
    entry.timer = setTimeout(() => {
      entry.timer = null;
      if (entry.holders.size > 0) void this.check(token).catch(() => {});
      else if (this.entries.get(token) === entry) this.entries.delete(token);
    }, wait);
    entry.timer.unref?.();
  }
}
