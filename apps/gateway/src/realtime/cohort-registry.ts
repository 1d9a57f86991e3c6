import {
  Cohort,
  type CohortFetch,
  type CohortHooks,
  type CohortMember,
  type TrackedMessage,
} from './cohort.js';
import type { RealtimeLogger } from './types.js';

export interface CohortKindOptions<Row extends { uid: string }, Meta, Query> {
  kind: string;
  fetch: (query: Query) => CohortFetch<Row, Meta>;
  /** Refresh on a timer (inbounds, clients: 30 s); order cohorts refresh on change events instead. */
  refreshEveryMs?: number;
  /** How long a cohort outlives its last member, so a quick reconnect resumes instead of refetching. */
  lingerMs: number;
  logger: RealtimeLogger;
  hooks?: CohortHooks;
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

function stableStringify(value: unknown): string {
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
  readonly cohorts = new Map<string, { cohort: Cohort<Row, Meta>; query: Query }>();

  constructor(private readonly opts: CohortKindOptions<Row, Meta, Query>) {}

  async join(
    scope: string,
    query: Query,
    token: string,
    lastEventId: string | null,
  ): Promise<Joined<Row, Meta>> {
    const key = cohortKey(scope, query);
    let entry = this.cohorts.get(key);
    if (!entry) {
      const cohort = new Cohort<Row, Meta>(
        this.opts.kind,
        key,
        this.opts.fetch(query),
        this.opts.logger,
        this.opts.hooks,
      );
      entry = { cohort, query };
      this.cohorts.set(key, entry);
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
      const { member, initial } = await cohort.join(token, lastEventId);
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

  private drop(key: string, cohort: Cohort<Row, Meta>): void {
    if (this.cohorts.get(key)?.cohort === cohort) this.cohorts.delete(key);
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
