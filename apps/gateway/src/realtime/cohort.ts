import { randomUUID } from 'node:crypto';
import type { Link } from '@opentelemetry/api';
import type { TRPCError } from '@trpc/server';
import type { ListState, LiveHealthMessage, LiveListEvent } from '@waybill/contracts';
import { activeLink, inSpan } from '../telemetry.js';
import { diffList, fingerprint, type ListFingerprint, withReplacedRows } from './list-diff.js';
import { isUnauthorized, sessionExpired } from './member-tokens.js';
import { SubscriberQueue } from './subscriber-queue.js';
import type { RealtimeLogger } from './types.js';
import { WireFrame, WireSink, type WireTarget } from './wire-fanout.js';

export interface TrackedMessage<Row extends { uid: string }, Meta> {
  id: string;
  message: LiveListEvent<Row, Meta>;
}

export interface CohortMember<Row extends { uid: string }, Meta> {
  token: string;
  /** Messages for the subscription's iterator: the initial ones, and every push until it goes direct. */
  queue: SubscriberQueue<TrackedMessage<Row, Meta>>;
  /** The member's socket path, when it came over the websocket. */
  sink: WireSink | null;
  /** Pushes go to `sink` (set once the iterator has sent everything queued before). */
  direct: boolean;
}

/** Links a refresh span keeps to the changes folded into it; a burst of changes keeps the first ones. */
const MAX_REFRESH_LINKS = 32;

/** One stage of a refresh: the rows, when this stage fetched them, and the meta fields it brings. */
export interface ListStage<Row extends { uid: string }, Meta> {
  rows?: Row[];
  meta: Partial<Meta>;
}

/**
 * What a refresh reads: the rows or not, and which of the slower list-level fields (`later`, the
 * order statistics, named by key; 'all' for every one).
 */
export interface RefreshParts {
  rows: boolean;
  later: 'all' | readonly string[];
}
export const ALL_PARTS: RefreshParts = { rows: true, later: 'all' };

/** Both requests' parts (`a` null: only `b`'s). */
export function mergeParts(a: RefreshParts | null, b: RefreshParts): RefreshParts {
  if (!a) return b;
  const later = a.later === 'all' || b.later === 'all' ? 'all' : [...new Set([...a.later, ...b.later])];
  return { rows: a.rows || b.rows, later };
}

/**
 * A cohort's backend read: the whole state at once, or stages (rows first, slower meta after),
 * each pushed as soon as it arrives. `initial` is true for the first load, which nobody sees
 * until it is complete, so it may fetch everything at once. `change` is the poll time of the one
 * change this refresh is for (null for a first load, a timed refresh or several changes folded
 * into one refresh): reads for the same change may be shared.
 */
export type CohortFetch<Row extends { uid: string }, Meta> = (
  token: string,
  signal: AbortSignal,
  initial: boolean,
  change: number | null,
  /** What to read (a first load reads everything). */
  parts: RefreshParts,
) => Promise<ListState<Row, Meta>> | AsyncIterable<ListStage<Row, Meta>>;

async function* asStages<Row extends { uid: string }, Meta>(
  result: ReturnType<CohortFetch<Row, Meta>>,
): AsyncIterable<ListStage<Row, Meta>> {
  if (Symbol.asyncIterator in result) yield* result;
  else yield await result;
}

export interface CohortHooks {
  onFetch?: (kind: string, outcome: 'ok' | 'error') => void;
  onPush?: (kind: string, members: number, sinceMs: number | null) => void;
  /** A push written straight to `sockets` member sockets, in `seconds` of this process's time. */
  onWrite?: (kind: string, sockets: number, seconds: number) => void;
  /** The backend refused the token a refresh used (its members here are ended already). */
  onTokenRefused?: (token: string) => void;
  /** A refresh failed; `tokens` are the members' left. */
  onRefreshFailed?: (tokens: string[]) => void;
}

/**
 * How a cohort watches its own refreshes. A refresh that keeps failing for longer than two of the
 * list's refresh intervals pauses live updates (a `health` message); the next good refresh resumes them.
 */
export interface CohortHealth {
  /** The list's refresh interval: the change poll's for order lists, the timed refresh for the others. */
  intervalMs: number;
  /** Retry a failed refresh after one interval (lists refreshed by change events have no timer to do it). */
  retry: boolean;
}

const HISTORY = 50;

/** A row's version for the early patch: its `updated_at` as an instant (NaN when it has none). */
function version(row: { uid: string }): number {
  const updated = (row as { updated_at?: unknown }).updated_at;
  return typeof updated === 'string' ? Date.parse(updated) : Number.NaN;
}

/**
 * Subscribers who share a user scope, a filter and a window. One backend fetch per refresh,
 * diffed against the last result; members get only what changed. Message ids are
 * `{epoch}:{seq}`, so a reconnect with lastEventId replays what it missed from this cohort, or
 * gets a fresh snapshot when the cohort it knew is gone.
 */
export class Cohort<Row extends { uid: string }, Meta> {
  readonly epoch = randomUUID().slice(0, 8);
  private seq = 0;
  private state: ListState<Row, Meta> | null = null;
  private print: ListFingerprint | null = null;
  private history: TrackedMessage<Row, Meta>[] = [];
  private lastSnapshot: TrackedMessage<Row, Meta> | null = null;
  readonly members = new Set<CohortMember<Row, Meta>>();
  private refreshing: Promise<void> | null = null;
  /** What asked for the next refresh (a change poll cycle, a member's call): its span links to them. */
  private causes: Link[] = [];
  private loading: Promise<void> | null = null;
  private again = false;
  private againSince: number | null = null;
  private againParts: RefreshParts | null = null;
  /** A refresh was skipped while nobody watched: the next member's join refreshes at once. */
  private missed = false;
  /** Refreshes started, and the newest one whose later stages landed (see `tail`). */
  private runs = 0;
  private tailLanded = 0;
  /** Refresh requests folded into the pending `again`. */
  private againMerged = 0;
  private abort = new AbortController();
  /**
   * Rows an own write patched before its refetch: the row, and the newest refresh started before
   * it (`runs` then). A refresh that read the backend before the write must not put the old row back.
   */
  private early = new Map<string, { row: Row; run: number }>();
  private lastToken: string | null = null;
  /** When the data members hold was fetched: the last refresh that brought every stage (ms epoch). */
  private dataAt = 0;
  private paused = false;
  /** Paused because the change poll fell behind (`pauseLive`), not for a failed refresh of its own. */
  private pausedByPoll = false;
  private pauseTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  lingerTimer: NodeJS.Timeout | null = null;
  refreshTimer: NodeJS.Timeout | null = null;
  closed = false;

  constructor(
    readonly kind: string,
    readonly key: string,
    private readonly fetch: CohortFetch<Row, Meta>,
    private readonly logger: RealtimeLogger,
    private readonly hooks: CohortHooks = {},
    private readonly health: CohortHealth | null = null,
  ) {}

  /** Uids of the rows the cohort's members currently see. */
  has(uid: string): boolean {
    return this.print?.rows.items.has(uid) ?? false;
  }

  /** The row the cohort's members see for `uid`, if it is listed. */
  row(uid: string): Row | undefined {
    return this.has(uid) ? this.state?.rows.find((r) => r.uid === uid) : undefined;
  }

  /** Join; resolves with the messages to send first (replay after lastEventId, or a snapshot). */
  async join(
    token: string,
    lastEventId: string | null,
    wire: WireTarget | null = null,
  ): Promise<{
    member: CohortMember<Row, Meta>;
    initial: TrackedMessage<Row, Meta>[];
  }> {
    const member: CohortMember<Row, Meta> = {
      token,
      queue: new SubscriberQueue(),
      sink: wire ? new WireSink(wire, () => this.current()) : null,
      direct: false,
    };
    this.members.add(member);
    this.lastToken = token;
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (this.missed) {
      // Its state is older than the refreshes it skipped while nobody watched: read it again now.
      this.missed = false;
      void this.refresh(null).catch(() => {});
    }
    try {
      // Joiners arriving together wait for the same first fetch. One refused for another joiner's
      // token (who is ended by it) is tried again with one of those left.
      while (!this.state && !this.closed && this.members.has(member)) {
        this.loading ??= this.refresh(null).finally(() => {
          this.loading = null;
        });
        await this.loading.catch((error: unknown) => {
          if (!isUnauthorized(error) || !this.members.has(member) || this.closed) throw error;
        });
      }
    } catch (error) {
      this.members.delete(member);
      member.sink?.close();
      throw error;
    }
    return { member, initial: this.resume(lastEventId) };
  }

  leave(member: CohortMember<Row, Meta>): void {
    this.members.delete(member);
    member.sink?.close();
    member.queue.close();
  }

  /** End one member's subscription with `error` (its token was refused): nothing more reaches it. */
  end(member: CohortMember<Row, Meta>, error: TRPCError): void {
    if (!this.members.delete(member)) return;
    member.sink?.close();
    member.queue.fail(error);
  }

  /**
   * What a subscriber who knows nothing needs: the snapshot and, while live updates are paused, the
   * pause. Both carry the snapshot's id, so a resume from it misses nothing.
   */
  current(): TrackedMessage<Row, Meta>[] {
    const snapshot = this.snapshot();
    return this.paused ? [snapshot, { id: snapshot.id, message: this.healthMessage() }] : [snapshot];
  }

  /** The current state as one shared message object, so the encoder serialises it once for all joiners. */
  snapshot(): TrackedMessage<Row, Meta> {
    if (!this.state) throw new Error('cohort has no data yet');
    const id = `${this.epoch}:${this.seq}`;
    if (this.lastSnapshot?.id !== id) {
      this.lastSnapshot = { id, message: { kind: 'snapshot', rows: this.state.rows, meta: this.state.meta } };
    }
    return this.lastSnapshot;
  }

  private resume(lastEventId: string | null): TrackedMessage<Row, Meta>[] {
    if (lastEventId) {
      const [epoch, seqText] = lastEventId.split(':');
      const seq = Number(seqText);
      if (epoch === this.epoch && Number.isInteger(seq) && seq <= this.seq) {
        if (seq === this.seq) return [];
        const missed = this.history.filter((m) => Number(m.id.split(':')[1]) > seq);
        if (missed.length === this.seq - seq) return missed;
      }
    }
    return this.current();
  }

  /**
   * Refetch `parts` and push the difference. Concurrent requests collapse: one more fetch runs after
   * the current one, so a change seen during a fetch is never missed. A cohort nobody watches reads
   * nothing: it refreshes when a member joins again.
   */
  refresh(since: number | null, parts: RefreshParts = ALL_PARTS): Promise<void> {
    const cause = activeLink();
    if (cause && this.causes.length < MAX_REFRESH_LINKS) this.causes.push(cause);
    if (this.state && this.members.size === 0) {
      this.missed = true;
      return Promise.resolve();
    }
    if (this.refreshing) {
      this.again = true;
      this.againMerged += 1;
      this.againParts = mergeParts(this.againParts, parts);
      this.againSince =
        this.againSince === null ? since : Math.min(this.againSince, since ?? this.againSince);
      return this.refreshing;
    }
    return this.start(since, since, parts);
  }

  /** `change`: the one change this refresh is for, or null when it covers several (no shared reads). */
  private start(since: number | null, change: number | null, parts: RefreshParts): Promise<void> {
    const links = this.causes.splice(0);
    const attributes = { 'waybill.cohort.kind': this.kind, 'waybill.cohort.members': this.members.size };
    this.refreshing = inSpan('cohort refresh', { root: true, links, attributes }, () =>
      this.run(since, change, parts),
    ).finally(() => {
      this.refreshing = null;
      if (this.again && !this.closed) {
        this.again = false;
        const next = this.againSince;
        const merged = this.againMerged;
        const nextParts = this.againParts ?? ALL_PARTS;
        this.againSince = null;
        this.againMerged = 0;
        this.againParts = null;
        void this.start(next, merged === 1 ? next : null, nextParts).catch(() => {});
      }
    });
    return this.refreshing;
  }

  private async run(since: number | null, change: number | null, parts: RefreshParts): Promise<void> {
    const token = this.pickToken();
    if (!token) return;
    const runId = ++this.runs;
    const initial = this.state === null;
    const stages = asStages(
      this.fetch(token, this.abort.signal, initial, change, initial ? ALL_PARTS : parts),
    )[Symbol.asyncIterator]();
    if (!this.state) return this.firstLoad(stages, runId, token);
    // The first stage (the rows) holds the cohort's refresh; the stages after it (statistics) land on
    // their own, so a change seen meanwhile reads its rows without waiting for them.
    let pushed = false;
    try {
      const head = await stages.next();
      if (!head.done) pushed = this.apply(head.value, since, runId);
    } catch (error) {
      this.refreshFailed(error, token, false);
      return;
    }
    void this.tail(stages, runId, since, token, pushed);
  }

  /** The first load: every stage at once, since nobody sees the cohort until it is complete. */
  private async firstLoad(
    stages: AsyncIterator<ListStage<Row, Meta>>,
    runId: number,
    token: string,
  ): Promise<void> {
    let first: ListStage<Row, Meta> = { meta: {} };
    try {
      for (let next = await stages.next(); !next.done; next = await stages.next())
        first = { rows: next.value.rows ?? first.rows, meta: { ...first.meta, ...next.value.meta } };
      this.hooks.onFetch?.(this.kind, 'ok');
    } catch (error) {
      this.hooks.onFetch?.(this.kind, 'error');
      if (!this.closed) {
        if (isUnauthorized(error)) this.expire(token);
        this.hooks.onRefreshFailed?.(this.memberTokens());
      }
      throw error;
    }
    if (!first.rows) throw new Error(`${this.kind} refresh brought no rows`);
    this.state = { rows: first.rows, meta: first.meta as Meta };
    this.print = fingerprint(this.state);
    this.tailLanded = runId;
    this.succeeded();
  }

  /**
   * A refresh's stages after the rows. Stages older than ones a newer refresh already landed are
   * dropped, so counts never go back; an older refresh's that land first are pushed (the newer ones
   * follow), so a list changing faster than its statistics load still gets them.
   */
  private async tail(
    stages: AsyncIterator<ListStage<Row, Meta>>,
    runId: number,
    since: number | null,
    token: string,
    pushed: boolean,
  ): Promise<void> {
    try {
      for (let next = await stages.next(); !next.done; next = await stages.next()) {
        if (!this.closed && runId >= this.tailLanded) pushed = this.apply(next.value, since, runId) || pushed;
      }
    } catch (error) {
      if (runId >= this.tailLanded) this.refreshFailed(error, token, pushed);
      else this.hooks.onFetch?.(this.kind, 'error');
      return;
    }
    this.hooks.onFetch?.(this.kind, 'ok');
    if (this.closed || runId < this.tailLanded) return;
    this.tailLanded = runId;
    this.succeeded();
  }

  /** A refresh (or its later stages) failed: keep the last good state; the next refresh tries again. */
  private refreshFailed(error: unknown, token: string, pushed: boolean): void {
    this.hooks.onFetch?.(this.kind, 'error');
    if (this.closed) return;
    if (isUnauthorized(error)) {
      this.expire(token);
      // Whoever is left (other tokens of the same user) may still read: the refresh is owed to them.
      if (this.members.size > 0) this.again = true;
      this.hooks.onRefreshFailed?.(this.memberTokens());
      // Outside a refresh nobody reruns it for the members left: start it here.
      if (this.again && !this.refreshing) {
        this.again = false;
        void this.refresh(null).catch(() => {});
      }
      return;
    }
    this.logger.warn(
      { err: error instanceof Error ? error.message : String(error), cohort: this.kind },
      'cohort refresh failed',
    );
    this.hooks.onRefreshFailed?.(this.memberTokens());
    this.failed(pushed);
  }

  /** The distinct tokens of the members. */
  private memberTokens(): string[] {
    return [...new Set([...this.members].map((member) => member.token))];
  }

  /**
   * The backend no longer knows `token` (signed out, or it forgot its sessions): the subscriptions
   * holding it end with UNAUTHORIZED, so their console signs in again instead of showing old data.
   * Members of the same user with another token stay, and the refresh is tried again with theirs.
   * Subscriptions holding it in other cohorts are ended through `onTokenRefused`. Returns how many
   * members ended here.
   */
  private expire(token: string): number {
    const ended = sessionExpired();
    let expired = 0;
    for (const member of [...this.members]) {
      if (member.token !== token) continue;
      this.end(member, ended);
      expired += 1;
    }
    if (this.lastToken === token) this.lastToken = null;
    this.logger.info(
      { cohort: this.kind, subscribers: expired },
      'cohort token refused: subscriptions ended',
    );
    this.hooks.onTokenRefused?.(token);
    return expired;
  }

  private succeeded(): void {
    this.dataAt = Date.now();
    if (this.pauseTimer) clearTimeout(this.pauseTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.pauseTimer = null;
    this.retryTimer = null;
    // While the poll is behind, changes may still be missing: the poll's catching up resumes it.
    if (this.paused && !this.pausedByPoll) {
      this.paused = false;
      this.publish(this.healthMessage());
    }
  }

  /** A failed refresh: retry after an interval; failures lasting two intervals pause live updates. */
  private failed(pushed: boolean): void {
    if (!this.health) return;
    const { intervalMs, retry } = this.health;
    // A stage that landed before the failure looks like recovery to a subscriber: say it again.
    if (this.paused && pushed) this.publish(this.healthMessage());
    if (!this.paused && !this.pauseTimer) {
      this.pauseTimer = setTimeout(() => {
        this.pauseTimer = null;
        if (this.closed || this.paused) return;
        this.paused = true;
        this.publish(this.healthMessage());
      }, 2 * intervalMs);
      this.pauseTimer.unref?.();
    }
    if (retry && !this.retryTimer) {
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (!this.closed) void this.refresh(null).catch(() => {});
      }, intervalMs);
      this.retryTimer.unref?.();
    }
  }

  /**
   * Says the cohort's data may be stale although its own refreshes did not fail: the change poll is
   * behind, so changes may be waiting. `resumeLive` (the poll caught up) or the next good refresh
   * resumes live updates.
   */
  pauseLive(): void {
    if (this.closed || !this.state) return;
    // Also when paused for its own failures already: a good refresh then does not say it is live
    // while the poll is still behind.
    this.pausedByPoll = true;
    if (this.paused) return;
    this.paused = true;
    this.publish(this.healthMessage());
  }

  /**
   * The change poll caught up: the changes it missed are being delivered like any other, so a cohort
   * paused only for the poll is live again. One whose own refreshes are failing stays paused until
   * one succeeds.
   */
  resumeLive(): void {
    if (!this.pausedByPoll || this.closed) return;
    this.pausedByPoll = false;
    if (!this.paused || this.pauseTimer || this.retryTimer) return;
    this.paused = false;
    this.publish(this.healthMessage());
  }

  private healthMessage(): LiveHealthMessage {
    return { kind: 'health', paused: this.paused, dataAt: this.dataAt };
  }

  /**
   * Give a message the next id, keep it for resumes and hand it to every member: serialised once
   * and written to the sockets of direct members, queued for the others.
   */
  private publish(message: LiveListEvent<Row, Meta>): void {
    this.seq += 1;
    const tracked: TrackedMessage<Row, Meta> = { id: `${this.epoch}:${this.seq}`, message };
    this.history.push(tracked);
    if (this.history.length > HISTORY) this.history.shift();
    let frame: WireFrame | null = null;
    let written = 0;
    const started = performance.now();
    for (const member of this.members) {
      if (member.direct && member.sink) {
        frame ??= new WireFrame(tracked);
        member.sink.write(frame);
        written += 1;
      } else member.queue.push(tracked);
    }
    if (written > 0) this.hooks.onWrite?.(this.kind, written, (performance.now() - started) / 1000);
  }

  /** Merge a stage into the state and push the difference, if any; true when something was pushed. */
  private apply(stage: ListStage<Row, Meta>, since: number | null, runId: number): boolean {
    if (!this.state || !this.print) return false;
    const rows = stage.rows && this.early.size > 0 ? this.overlay(stage.rows, runId) : stage.rows;
    const next: ListState<Row, Meta> = {
      rows: rows ?? this.state.rows,
      meta: { ...this.state.meta, ...stage.meta },
    };
    const nextPrint = fingerprint(next, { rows: this.state.rows, print: this.print });
    return this.push(next, nextPrint, since);
  }

  /** Make `next` the state and push the difference from the current one; true when something was pushed. */
  private push(next: ListState<Row, Meta>, nextPrint: ListFingerprint, since: number | null): boolean {
    if (!this.print) return false;
    const patch = diffList(this.print, next, nextPrint);
    this.state = next;
    this.print = nextPrint;
    if (!patch) return false;
    this.publish(since === null ? patch : { ...patch, polledAt: since });
    this.hooks.onPush?.(this.kind, this.members.size, since === null ? null : Date.now() - since);
    return true;
  }

  /** Whether a refresh is under way: one asked for now runs after it (see `refresh`). */
  refreshUnderWay(): boolean {
    return this.refreshing !== null;
  }

  /**
   * Early patch: rows this cohort already lists take the changed row (written, or polled) at once,
   * in place, as one patch through the same diff as a refresh (so ids, history and resume stay exact). Only rows
   * already listed: whether an order enters or leaves the filter, where it sorts and the counts need
   * the backend's answer for the cohort's own filter, which the refetch after it brings. A row is only
   * replaced by a strictly newer one (`updated_at`), so an older write never undoes a newer row.
   */
  patchRows(written: readonly Row[], since: number): boolean {
    if (!this.state || !this.print || this.closed) return false;
    const listed = this.print.rows.items;
    const candidates = new Map(written.filter((row) => listed.has(row.uid)).map((row) => [row.uid, row]));
    if (candidates.size === 0) return false;
    const replaced: Row[] = [];
    const rows = this.state.rows.map((row) => {
      const newer = candidates.get(row.uid);
      if (!newer || !(version(newer) > version(row))) return row;
      replaced.push(newer);
      return newer;
    });
    if (replaced.length === 0) return false;
    for (const row of replaced) this.early.set(row.uid, { row, run: this.runs });
    const next: ListState<Row, Meta> = { rows, meta: this.state.meta };
    return this.push(next, withReplacedRows(this.print, replaced), since);
  }

  /**
   * A refresh's rows with early-patched rows it is older than put back (it read the backend before the
   * write). An entry goes once a refresh brings that row as new, or, started after the write, no
   * longer lists it (the order left the filter).
   */
  private overlay(rows: Row[], runId: number): Row[] {
    const seen = new Set<string>();
    const out = rows.map((row) => {
      const early = this.early.get(row.uid);
      if (!early) return row;
      seen.add(row.uid);
      if (version(row) < version(early.row)) return early.row;
      this.early.delete(row.uid);
      return row;
    });
    for (const [uid, early] of this.early) if (!seen.has(uid) && runId > early.run) this.early.delete(uid);
    return out;
  }

  private pickToken(): string | null {
    if (this.lastToken && [...this.members].some((m) => m.token === this.lastToken)) return this.lastToken;
    const any = this.members.values().next().value;
    this.lastToken = any?.token ?? this.lastToken;
    return this.lastToken;
  }

  close(): void {
    this.closed = true;
    this.abort.abort();
    this.early.clear();
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    if (this.pauseTimer) clearTimeout(this.pauseTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const member of this.members) {
      member.sink?.close();
      member.queue.close();
    }
    this.members.clear();
  }
}
