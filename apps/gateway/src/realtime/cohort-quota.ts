import { limitRefusal } from '../security/limit-reached.js';

/** A cohort as the quota sees it: whether anyone still listens, and how to end it. */
export interface QuotaEntry {
  idle(): boolean;
  evict(): void;
}

/**
 * Live cohorts per user, over every live list: each cohort holds a window of rows and refreshes
 * against the backend, so one user opening many filters must not slow everybody else down. A new
 * cohort beyond the limit first ends that user's idle (lingering) cohorts, oldest first; when all
 * of them have subscribers it is refused with TOO_MANY_REQUESTS. Joining an existing cohort costs
 * nothing and is always allowed.
 */
export class CohortQuota {
  private readonly byScope = new Map<string, Set<QuotaEntry>>();

  constructor(readonly limit: number) {}

  /** Make room for one more cohort of `scope`, or throw TOO_MANY_REQUESTS naming the limit. */
  admit(scope: string): void {
    const held = this.byScope.get(scope);
    if (!held || held.size < this.limit) return;
    for (const entry of held) {
      if (held.size < this.limit) return;
      if (entry.idle()) entry.evict();
    }
    if (held.size >= this.limit)
      throw limitRefusal(
        'TOO_MANY_REQUESTS',
        'LIVE_COHORTS_PER_USER',
        `Too many live lists open: at most ${this.limit} different lists per user (LIVE_COHORTS_PER_USER)`,
      );
  }

  add(scope: string, entry: QuotaEntry): void {
    const held = this.byScope.get(scope) ?? new Set<QuotaEntry>();
    this.byScope.set(scope, held);
    held.add(entry);
  }

  remove(scope: string, entry: QuotaEntry): void {
    const held = this.byScope.get(scope);
    if (!held) return;
    held.delete(entry);
    if (held.size === 0) this.byScope.delete(scope);
  }
}
