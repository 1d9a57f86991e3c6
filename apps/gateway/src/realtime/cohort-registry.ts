import { tracked } from '@trpc/server';
import {
  Cohort,
  type CohortFetch,
  type CohortHealth,
  type CohortHooks,
  type CohortMember,
  type RefreshParts,
  type TrackedMessage,
} from './cohort.js';
import type { CohortQuota, QuotaEntry } from './cohort-quota.js';
import type { MemberTokens } from './member-tokens.js';
import type { RealtimeLogger } from './types.js';
import type { WireTarget } from './wire-fanout.js';

export interface CohortKindOptions<Row extends { uid: string }, Meta, Query> {
  kind: string;
  fetch: (query: Query) => CohortFetch<Row, Meta>;
  /** Refresh on a timer (inbounds, clients: 30 s); order cohorts refresh on change events instead. */
  refreshEveryMs?: number;
  /** Which cohorts `refreshEveryMs` applies to (every one without it). */
  timed?: (query: Query) => boolean;
  /** How long a cohort outlives its last member, so a quick reconnect resumes instead of refetching. */
  lingerMs: number;
  logger: RealtimeLogger;
  hooks?: CohortHooks;
  /** Retries and the paused/resumed health messages (none without it). */
  health?: CohortHealth;
  /** Cohorts per user, shared by every list (no limit without it). */
  quota?: CohortQuota;
  /** Checks each member's own token; one the backend refuses ends that member (none without it). */
  tokens?: MemberTokens;
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
  /** Stops checking the member's token for it. */
  release: () => void;
}

/** What of a cohort a change touches: the parts to re-read, or null for none. */
export type Touched<Row extends { uid: string }, Meta, Query> = (
  query: Query,
  cohort: Cohort<Row, Meta>,
) => RefreshParts | null;

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

/** All cohorts of one kind (orders, inbounds or clients) in this process. */
export class CohortRegistry<Row extends { uid: string }, Meta, Query> {
  readonly cohorts = new Map<string, Entry<Row, Meta, Query>>();

  constructor(private readonly opts: CohortKindOptions<Row, Meta, Query>) {}

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
      if (this.opts.refreshEveryMs && (this.opts.timed?.(query) ?? true)) {
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
      const release = this.opts.tokens?.hold(token, (error) => cohort.end(member, error)) ?? (() => {});
      return { cohort, member, initial, release };
    } catch (error) {
      if (cohort.members.size === 0) this.drop(key, cohort);
      throw error;
    }
  }

  leave(joined: Joined<Row, Meta>): void {
    const { cohort, member } = joined;
    joined.release();
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
   * Refresh the parts `touched` names of every cohort (null: none). A cohort whose refresh is under
   * way refreshes again once it ends.
   */
  refreshWhere(touched: Touched<Row, Meta, Query>, since: number): void {
    for (const { cohort, query } of this.cohorts.values()) {
      const parts = touched(query, cohort);
      if (parts) void cohort.refresh(since, parts).catch(() => {});
    }
  }

  /**
   * A change to `rows` (an own write, or what the poll saw), in two parts:
   * - the early patch: every cohort that lists one of `rows` takes the new row at once (Cohort.patchRows);
   * - the re-read: every cohort `touched` says the change could affect re-reads the parts it names,
   *   for membership, order and counts.
   */
  applyChange(rows: readonly Row[], since: number, touched: Touched<Row, Meta, Query>): void {
    for (const { cohort } of this.cohorts.values()) cohort.patchRows(rows, since);
    this.refreshWhere(touched, since);
  }

  /** The newest of the rows the cohorts list for `uid` (by `updated_at`), if any lists it. */
  listedRow(uid: string, newer: (a: Row, b: Row) => boolean): Row | undefined {
    let found: Row | undefined;
    for (const { cohort } of this.cohorts.values()) {
      const row = cohort.row(uid);
      if (row && (!found || newer(row, found))) found = row;
    }
    return found;
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
