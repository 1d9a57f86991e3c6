import { countOne, type WindowCounts } from '../security/comment-rate.js';

export interface ViewRateOptions {
  /** VIEWS_RATE_MAX changes per VIEWS_RATE_WINDOW_MS. */
  max: number;
  windowMs: number;
  counts: WindowCounts;
}

/**
 * Changes to saved views per person (every session of theirs, every replica when the counts are in
 * Redis): each save, rename, share or removal reaches every console watching views, and each of
 * them reads its list again, so one person toggling a view in a loop would keep the whole team busy.
 */
export class ViewRate {
  constructor(private readonly opts: ViewRateOptions) {}

  /** Counts one change of `personUid`'s views; TOO_MANY_REQUESTS naming the limit when over it. */
  countChange(personUid: string): Promise<void> {
    const { max, windowMs, counts } = this.opts;
    return countOne(counts, personUid, {
      max,
      windowMs,
      what: 'changes to saved views',
      limit: 'VIEWS_RATE_MAX',
      variables: 'VIEWS_RATE_MAX, VIEWS_RATE_WINDOW_MS',
    });
  }
}
