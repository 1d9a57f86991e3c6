import type { PersonLimit } from '../security/comment-rate.js';
import { ListedViewsCache } from './listed-views.js';
import type { ViewCounter } from './view-counter.js';
import type { ViewStore } from './view-store.js';

/** Saved views kept at the gateway, and their live counts. */
export interface TeamViews {
  store: ViewStore;
  counter: ViewCounter;
  /** What `views.counts` lists per user, read once per change for all of a user's subscriptions. */
  listed: ListedViewsCache;
  /** VIEWS_RATE_MAX: saves, renames, shares and removals per person and window. */
  rate: PersonLimit;
  /** VIEWS_MAX_PER_USER */
  maxPerUser: number;
  /** VIEWS_SHARED_MAX_PER_USER */
  maxSharedPerUser: number;
  close(): Promise<void>;
}

export function createTeamViews(opts: {
  store: ViewStore;
  counter: ViewCounter;
  rate: PersonLimit;
  maxPerUser: number;
  maxSharedPerUser: number;
}): TeamViews {
  const listed = new ListedViewsCache(opts.store);
  return {
    ...opts,
    listed,
    async close() {
      listed.close();
      opts.counter.close();
      await opts.store.close();
    },
  };
}
