import { tracked } from '@trpc/server';
import { ChangePace } from './change-pace.js';
import {
  Cohort,
  type CohortFetch,
  type CohortHealth,
  type CohortHooks,
  type CohortMember,
  type TrackedMessage,
} from './cohort.js';
import type { CohortQuota, QuotaEntry } from './cohort-quota.js';
import type { RealtimeLogger } from './types.js';
import type { WireTarget } from './wire-fanout.js';

export interface CohortKindOptions<Row extends { uid: string }, Meta, Query> {
  kind: string;
  fetch: (query: Query) => CohortFetch<Row, Meta>;
  /** Refresh on a timer (inbounds, clients: 30 s); order cohorts refresh on change events instead. */
  refreshEveryMs?: number;
  /** How long a cohort outlives its last member, so a quick reconnect resumes instead of refetching. */
  lingerMs: number;
  logger: RealtimeLogger;
  hooks?: CohortHooks;
  /** Retries and the paused/resumed health messages (none without it). */
  health?: CohortHealth;
  /** Cohorts per user, shared by every list (no limit without it). */
  quota?: CohortQuota;
  /** What the last changes measured (a fresh one without it; tests pass one already measured). */
  pace?: ChangePace;
}

interface Entry<Row extends { uid: string }, Meta, Query> {
  cohort: Cohort<Row, Meta>;
  query: Query;
  scope: string;
  quota: QuotaEntry;
}

export interface Joined<Row extends { uid: string }, Meta> {
  cohort: Cohort<Row, Meta>;
  member: CohortMember<Row, Meta>;
  initial: TrackedMessage<Row, Meta>[];
}

/** Stable key: same scope + same query (filter and window) → same cohort. */
export function cohortKey(scope: string, query: unknown): string {
  return `${scope}|${stableStringify(query)}`;
}

export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * How long one turn of a change's early patches may hold the event loop (one 60 Hz frame), so the
 * re-reads' answers are taken up between turns (see CohortRegistry.applyChange).
 */
const EARLY_PATCH_TURN_MS = 16;

/** Refreshes each cohort (one whose refresh is under way refreshes again once it ends). */
function refreshEach<Row extends { uid: string }, Meta>(
  cohorts: readonly Cohort<Row, Meta>[],
  since: number,
): void {
  for (const cohort of cohorts) void cohort.refresh(since).catch(() => {});
}

/** All cohorts of one kind (orders, inbounds or clients) in this process. */
export class CohortRegistry<Row extends { uid: string }, Meta, Query> {
  readonly cohorts = new Map<string, Entry<Row, Meta, Query>>();
  private readonly pace: ChangePace;

  constructor(private readonly opts: CohortKindOptions<Row, Meta, Query>) {
    this.pace = opts.pace ?? new ChangePace();
  }

  async join(
    scope: string,
    query: Query,
    token: string,
    lastEventId: string | null,
    wire: WireTarget | null = null,
  ): Promise<Joined<Row, Meta>> {
    const key = cohortKey(scope, query);
    let entry = this.cohorts.get(key);
    if (!entry) {
      this.opts.quota?.admit(scope);
      const cohort = new Cohort<Row, Meta>(
        this.opts.kind,
        key,
        this.opts.fetch(query),
        this.opts.logger,
        this.opts.hooks,
        this.opts.health,
      );
      const quota: QuotaEntry = {
        idle: () => cohort.members.size === 0,
        evict: () => this.drop(key, cohort),
      };
      entry = { cohort, query, scope, quota };
      this.cohorts.set(key, entry);
      this.opts.quota?.add(scope, quota);
      if (this.opts.refreshEveryMs) {
        cohort.refreshTimer = setInterval(
          () => void cohort.refresh(null).catch(() => {}),
          this.opts.refreshEveryMs,
        );
        cohort.refreshTimer.unref?.();
      }
    }
    const { cohort } = entry;
    try {
      const { member, initial } = await cohort.join(token, lastEventId, wire);
      return { cohort, member, initial };
    } catch (error) {
      if (cohort.members.size === 0) this.drop(key, cohort);
      throw error;
    }
  }

  leave(joined: Joined<Row, Meta>): void {
    const { cohort, member } = joined;
    cohort.leave(member);
    if (cohort.members.size > 0 || cohort.closed) return;
    if (cohort.lingerTimer) clearTimeout(cohort.lingerTimer);
    cohort.lingerTimer = setTimeout(() => {
      if (cohort.members.size === 0) this.drop(cohort.key, cohort);
    }, this.opts.lingerMs);
    cohort.lingerTimer.unref?.();
  }

  /**
   * One subscriber's stream: the initial messages (a replay after lastEventId, or the current state),
   * then every push, until the signal aborts. A subscriber that fell behind gets the current state
   * instead of the backlog. Ends with an error when the cohort ends the subscription (token refused).
   * With a `wire` target, once everything queued has gone out through tRPC (the iterator is only
   * resumed after tRPC wrote what it yielded), later pushes are written to the socket directly.
   */
  async *stream(
    scope: string,
    query: Query,
    token: string,
    lastEventId: string | null,
    signal: AbortSignal,
    wire: WireTarget | null = null,
  ) {
    const joined = await this.join(scope, query, token, lastEventId, wire);
    const { member } = joined;
    try {
      for (const m of joined.initial) yield tracked(m.id, m.message);
      for (;;) {
        if (member.sink && !member.direct && !member.queue.pending()) member.direct = true;
        const next = await member.queue.next(signal);
        if (next === undefined) return;
        if (next !== 'overflow') yield tracked(next.id, next.message);
        else for (const m of joined.cohort.current()) yield tracked(m.id, m.message);
      }
    } finally {
      this.leave(joined);
    }
  }

  /**
   * Refresh every cohort whose query `touched` says the change could affect (a cohort whose refresh
   * is under way refreshes again once it ends).
   */
  refreshWhere(touched: (query: Query, cohort: Cohort<Row, Meta>) => boolean, since: number): void {
    refreshEach(this.touchedBy(touched), since);
  }

  private touchedBy(touched: (query: Query, cohort: Cohort<Row, Meta>) => boolean): Cohort<Row, Meta>[] {
    return [...this.cohorts.values()]
      .filter(({ cohort, query }) => touched(query, cohort))
      .map((e) => e.cohort);
  }

  /**
   * A change to `rows` (an own write, or what the poll saw), in two parts:
   * - the early patch: every cohort that lists one of `rows` takes the new row at once (Cohort.patchRows);
   * - the re-read: every cohort `touched` says the change could affect refreshes, for membership,
   *   order and counts.
   *
   * The early patches are written one turn of the event loop (`turnMs`) at a time, and re-read
   * answers are applied between turns: a cohort whose re-read landed first got the change with it,
   * so its early patch finds nothing newer and writes nothing, one frame less for each of its
   * members. Cohorts are patched in the reverse of the re-reads' order, since the backend tends to
   * answer in the order it was asked: the patches and the answers meet in the middle. Resolves once
   * every cohort had its turn.
   *
   * First frames first: a change that needs no wait (below) writes its first turn, then asks for the
   * re-reads. The backend usually shares the gateway's host (ops run them side by side), and its
   * answering the re-reads would take CPU from that first turn; a re-read cannot land within one
   * turn anyway, so asking it a turn later costs its frame nothing it would have saved.
   *
   * A change whose early patches take much longer to write than its first re-read takes to land
   * (thousands of members; see ChangePace) instead asks for the re-reads and waits for them, as long
   * as they keep landing (a backend silent for the wait, at most `REREAD_WAIT_CAP_MS`, ends it):
   * their frames then carry the change, and the early patches write nothing to those cohorts, one
   * frame less per member.
   */
  applyChange(
    rows: readonly Row[],
    since: number,
    touched: (query: Query, cohort: Cohort<Row, Meta>) => boolean,
    turnMs = EARLY_PATCH_TURN_MS,
  ): Promise<void> {
    const changed = performance.now();
    const cohorts = [...this.cohorts.values()].map((entry) => entry.cohort).reverse();
    const rereads = this.touchedBy(touched);
    // The cohorts an early patch would reach whose re-read, started now, brings the change too.
    const listing = rereads.filter((cohort) => !cohort.refreshUnderWay() && cohort.lists(rows));
    return new Promise((done) => {
      /** One turn of early patches; `then` runs right after it (the first turn's re-reads). */
      const turn = (from: number, then?: () => void) => {
        const started = performance.now();
        let next = from;
        while (next < cohorts.length) {
          const cohort = cohorts[next++]!;
          const before = performance.now();
          if (!cohort.patchRows(rows, since)) continue;
          const now = performance.now();
          this.pace.recordWrite(cohort.members.size, now - before);
          if (now - started >= turnMs) break;
        }
        then?.();
        if (next < cohorts.length) setImmediate(turn, next);
        else done();
      };
      const wait = this.pace.waitMs(listing.reduce((sum, cohort) => sum + cohort.members.size, 0));
      if (wait === 0) {
        turn(0, () => this.reread(changed, rereads, listing, since));
        return;
      }
      let begun = false;
      let quiet: NodeJS.Timeout | undefined;
      // After the re-reads' calls have left (they are sent from promise callbacks, which run first).
      const begin = () => {
        if (begun) return;
        begun = true;
        clearTimeout(quiet);
        setImmediate(turn, 0);
      };
      // Waits while the re-reads keep landing: a backend silent for `wait` ends it.
      const waitOn = () => {
        clearTimeout(quiet);
        if (!begun) quiet = setTimeout(begin, wait).unref();
      };
      let pending = listing.length;
      this.reread(changed, rereads, listing, since, () => {
        pending -= 1;
        // Each landed re-read's apply has taken its turn already, so it goes before the early patches.
        if (pending === 0) begin();
        else waitOn();
      });
      waitOn();
    });
  }

  /**
   * Asks for the change's re-reads (`rereads`), and records for ChangePace how long the first of
   * `listing`'s took to land after the change (`changed`), a first turn written before them included:
   * a change whose early patches all fit that turn then never waits, as waiting could not bring its
   * frames sooner. `landed` runs as each of theirs lands.
   */
  private reread(
    changed: number,
    rereads: readonly Cohort<Row, Meta>[],
    listing: readonly Cohort<Row, Meta>[],
    since: number,
    landed: () => void = () => {},
  ): void {
    refreshEach(rereads, since);
    let first = true;
    for (const cohort of listing)
      void cohort.whenRowsLanded().then(() => {
        if (first) this.pace.recordLanding(performance.now() - changed);
        first = false;
        landed();
      });
  }

  private drop(key: string, cohort: Cohort<Row, Meta>): void {
    const entry = this.cohorts.get(key);
    if (entry?.cohort === cohort) {
      this.cohorts.delete(key);
      this.opts.quota?.remove(entry.scope, entry.quota);
    }
    cohort.close();
  }

  memberCount(): number {
    let n = 0;
    for (const { cohort } of this.cohorts.values()) n += cohort.members.size;
    return n;
  }

  close(): void {
    for (const [key, { cohort }] of this.cohorts) this.drop(key, cohort);
  }
}
