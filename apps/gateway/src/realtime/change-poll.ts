import { CHANGE_WINDOW_OVERLAP_MS, type ChangesBody, type Order } from '@waybill/contracts';
import { ExponentialBackoff, type IBackoff } from 'cockatiel';
import { inSpan } from '../telemetry.js';
import type { ChangeEventLog } from './change-events.js';
import type { BackendCaller, RealtimeLogger } from './types.js';

/** Who may poll: one replica at a time (LocalPollLease below, or scale/redis-poll-lease.ts). */
export interface PollLease {
  /** True while this process holds the lease; called before every poll. */
  holds(): Promise<boolean>;
  /** The window start the previous leader reached, shared across replicas. */
  readCursor(): Promise<number | null>;
  writeCursor(windowStart: number): Promise<void>;
  release(): Promise<void>;
  /** How often a replica without the lease checks it again (default: the poll interval). */
  followerCheckMs?: number;
  /** The lease's fencing epoch while held: a new value means this replica (re)took the lease. */
  currentEpoch?(): number;
  /**
   * Changes already published since `sinceMs` (oldest first), so a new leader does not publish
   * again what the previous one did in the overlapping window.
   */
  publishedSince?(sinceMs: number): Promise<Array<Pick<Order, 'uid' | 'updated_at'>>>;
  /**
   * `readCursor` for a cursor that can be lost (Redis came back empty, a failover to a replica that
   * lacked it). A missing cursor opens a recovery round; during a round every replica offers the
   * cursor it last saw (`known`) and the lowest is kept, so a window from it covers every change
   * made meanwhile. Answers the shared cursor after the offer, and how long the round still runs
   * (0: none open).
   */
  recoverCursor?(known: number | null, leading: boolean): Promise<{ cursor: number | null; roundMs: number }>;
}

/**
 * What one poll did: polled, failed, left it to the lease holder, or (a new leader whose shared cursor
 * was lost) waited for the other replicas' cursors.
 */
export type PollOutcome = 'ok' | 'error' | 'not-leader' | 'waiting';

/** How far before a new leader's window it looks for published changes (clock skew between replicas and Redis). */
const PUBLISHED_LOOKBACK_MS = 60_000;

/**
 * The longest pause between two polls of a failing backend. The poll is what finds out that the
 * backend is back, so this bounds how long screens stay paused after it recovers (bar: current within
 * 5 s). One call per 2 s at most from the whole deployment is no load worth backing off further from.
 */
export const POLL_BACKOFF_MAX_MS = 2000;

export class LocalPollLease implements PollLease {
  private cursor: number | null = null;
  async holds() {
    return true;
  }
  async readCursor() {
    return this.cursor;
  }
  async writeCursor(value: number) {
    this.cursor = value;
  }
  async release() {}
}

export interface ChangePollOptions {
  backend: BackendCaller;
  /** Only the poll's append: own writes publish on the same log elsewhere (own-writes.ts). */
  log: Pick<ChangeEventLog, 'append'>;
  lease: PollLease;
  logger: RealtimeLogger;
  serviceToken: string;
  managedBy: string;
  intervalMs: number;
  /** Injected for tests. */
  now?: () => number;
  onPoll?: (outcome: 'ok' | 'error', durationMs: number) => void;
}

/**
 * The deployment's one change poll. Each window starts 10 s before the previous successful
 * poll's start, so a failed poll is covered by the next one; orders seen in an overlapping
 * window with the same updated_at are not published twice.
 */
export class ChangePoll {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private backoff: IBackoff<unknown> | null = null;
  private readonly backoffFactory = new ExponentialBackoff({
    initialDelay: 500,
    maxDelay: POLL_BACKOFF_MAX_MS,
  });
  private seen = new Map<string, string>();
  /** The lease epoch this poll last polled under; another one starts a new tenure. */
  private epoch = 0;
  private inFlight: Promise<void> | null = null;
  /** The last cursor this replica saw: its own poll's start, or the shared one it read as follower. */
  private knownCursor: number | null = null;
  /** While a new leader waits out a recovery round for a lost cursor: when it polls. */
  private roundUntil: number | null = null;
  /** The last poll got as far as calling the backend: its failure is backed off. */
  private reachedBackend = false;
  private leader = false;
  /** Cancels the poll's backend call on stop: shutdown does not wait for a slow /changes. */
  private abort: AbortController | null = null;
  /** ms epoch of the last successful poll's answer. */
  lastSuccessAt: number | null = null;
  /** Start of the last successful poll, the next window's anchor. */
  private lastPollStart: number | null = null;
  consecutiveFailures = 0;
  lastError: string | null = null;
  private readonly now: () => number;

  constructor(private readonly opts: ChangePollOptions) {
    this.now = opts.now ?? Date.now;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.lastSuccessAt ??= this.now();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort?.abort();
    await this.inFlight;
  }

  /** Whether this process held the poll lease at its last poll (a metric: exactly one replica should). */
  isLeader(): boolean {
    return this.leader;
  }

  /** How far behind the poll is: time since the last success (0 right after one). */
  lagMs(): number {
    return this.lastSuccessAt === null ? 0 : Math.max(0, this.now() - this.lastSuccessAt);
  }

  /** Run one poll now (tests and the scheduler). Resolves once its events are published. */
  async pollOnce(): Promise<PollOutcome> {
    if (this.running) {
      await this.inFlight;
      return 'ok';
    }
    this.running = true;
    let outcome: PollOutcome = 'ok';
    // Its own trace per cycle; the cohort refreshes its changes cause link to it (cohort.ts).
    const run = inSpan('change poll', { root: true }, async (span) => {
      const started = this.now();
      this.reachedBackend = false;
      try {
        this.leader = await this.opts.lease.holds().catch((error: unknown) => {
          // Redis away: nobody holds the lease, this replica included (the leader gauge says so).
          this.leader = false;
          throw error;
        });
        if (!this.leader) {
          outcome = 'not-leader';
          await this.follow();
          return;
        }
        const epoch = this.opts.lease.currentEpoch?.() ?? 0;
        const takingOver = epoch !== this.epoch;
        if (takingOver) {
          // A new tenure continues from the shared cursor, not from this replica's own last poll.
          this.epoch = epoch;
          this.lastPollStart = null;
          this.roundUntil = null;
        }
        const previous = this.lastPollStart ?? (await this.sharedCursor(started));
        if (previous === 'waiting') {
          outcome = 'waiting';
          return;
        }
        const windowStart = previous - CHANGE_WINDOW_OVERLAP_MS;
        if (takingOver && this.opts.lease.publishedSince) {
          // The window reaches back over what the previous leader published: dedupe against it, and
          // against what this replica published itself (the stream may have been lost with Redis).
          const published = await this.opts.lease.publishedSince(windowStart - PUBLISHED_LOOKBACK_MS);
          for (const o of published) {
            const known = this.seen.get(o.uid);
            if (known === undefined || Date.parse(o.updated_at) > Date.parse(known))
              this.seen.set(o.uid, o.updated_at);
          }
        }
        const body: ChangesBody = {
          orders: {
            managed_by: this.opts.managedBy,
            updated_at_start: new Date(windowStart).toISOString(),
            updated_at_end: new Date(started + 1).toISOString(),
          },
        };
        this.abort = new AbortController();
        this.reachedBackend = true;
        const answer = await this.opts.backend.call('changes', {
          token: this.opts.serviceToken,
          body,
          signal: this.abort.signal,
        });
        const polledAt = this.now();
        const fresh = answer.orders.filter((o) => this.seen.get(o.uid) !== o.updated_at);
        span.setAttribute('waybill.poll.changes', fresh.length);
        // Publish before moving the cursor: a leader dying in between leaves the cursor behind, so the
        // next one polls these again and its dedupe (seeded from the stream) drops what was published.
        if (fresh.length > 0) await this.opts.log.append(fresh, polledAt);
        this.remember(fresh, windowStart);
        await this.opts.lease.writeCursor(started);
        this.lastPollStart = started;
        this.knownCursor = started;
        this.lastSuccessAt = polledAt;
        this.consecutiveFailures = 0;
        this.lastError = null;
        this.backoff = null;
        this.opts.onPoll?.('ok', polledAt - started);
      } catch (error) {
        outcome = 'error';
        this.consecutiveFailures += 1;
        this.lastError = error instanceof Error ? error.message : String(error);
        // Logged at 1, 2, 4, 8… failures in a row: an outage is retried often, not logged as often.
        if ((this.consecutiveFailures & (this.consecutiveFailures - 1)) === 0)
          this.opts.logger.warn(
            { err: this.lastError, failures: this.consecutiveFailures },
            'change poll failed',
          );
        this.opts.onPoll?.('error', this.now() - started);
      } finally {
        span.setAttribute('waybill.poll.outcome', outcome);
      }
    });
    this.inFlight = run;
    try {
      await run;
    } finally {
      this.running = false;
      this.inFlight = null;
      this.abort = null;
    }
    return outcome;
  }

  /**
   * A follower is as fresh as the leader's last poll; on taking over it starts from that cursor. In
   * a recovery round it offers the cursor it last saw.
   */
  private async follow(): Promise<void> {
    const { lease } = this.opts;
    this.lastPollStart = null;
    // The next lease is a new tenure even when its epoch repeats one of ours (Redis came back empty).
    this.epoch = 0;
    this.roundUntil = null;
    const cursor = lease.recoverCursor
      ? (await lease.recoverCursor(this.knownCursor, false)).cursor
      : await lease.readCursor();
    if (cursor === null) return;
    this.knownCursor = cursor;
    this.lastSuccessAt = Math.max(this.lastSuccessAt ?? 0, cursor);
  }

  /**
   * Where a new tenure's window is anchored: the shared cursor. When that was lost, the new leader
   * offers its own and waits out the recovery round (the others offer theirs at their next lease
   * check), then polls from the lowest offered: no change made while Redis was away is skipped.
   * Without any cursor (a new deployment), the poll starts now.
   */
  private async sharedCursor(started: number): Promise<number | 'waiting'> {
    const { lease, logger } = this.opts;
    if (this.roundUntil === null) {
      if (!lease.recoverCursor) return (await lease.readCursor()) ?? started;
      const { cursor, roundMs } = await lease.recoverCursor(this.knownCursor, true);
      if (roundMs <= 0) return cursor ?? started;
      this.roundUntil = started + roundMs;
      logger.info({ roundMs }, "change poll: the shared cursor was lost; waiting for the replicas' cursors");
    }
    if (started < this.roundUntil) return 'waiting';
    this.roundUntil = null;
    const cursor = await lease.readCursor();
    logger.info({ cursor, own: this.knownCursor }, 'change poll: resuming from the earliest cursor offered');
    return cursor ?? started;
  }

  /** Marks published orders, so an overlapping window does not publish them twice. */
  private remember(published: Order[], windowStart: number): void {
    for (const order of published) this.seen.set(order.uid, order.updated_at);
    // Forget orders whose last change is older than any window we can still ask for.
    if (this.seen.size > 10_000) {
      for (const [uid, updatedAt] of this.seen) {
        if (Date.parse(updatedAt) < windowStart - CHANGE_WINDOW_OVERLAP_MS) this.seen.delete(uid);
      }
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      const started = this.now();
      const outcome = await this.pollOnce();
      if (outcome === 'error' && this.reachedBackend) {
        this.backoff = this.backoff ? this.backoff.next(undefined) : this.backoffFactory.next();
        // Never poll faster than the interval, back off beyond it with jitter.
        this.schedule(Math.max(this.opts.intervalMs, this.backoff.duration));
      } else if (outcome !== 'ok') {
        // Followers check the lease often, so a dead leader is replaced soon after its lease lapses. A
        // failure to reach the lease's store is retried as often: it costs the backend nothing, and
        // every replica is back (and has offered its cursor) soon after Redis is.
        this.schedule(
          Math.min(this.opts.intervalMs, this.opts.lease.followerCheckMs ?? this.opts.intervalMs),
        );
      } else {
        // Polls start one interval apart, not one interval after the last ended: a change waits at most
        // an interval plus one poll, and the backend gets one call per interval.
        this.schedule(Math.max(0, started + this.opts.intervalMs - this.now()));
      }
    }, delayMs);
    this.timer.unref?.();
  }
}
