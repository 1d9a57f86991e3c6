import { TRPCError } from '@trpc/server';
import type { WindowCounts } from '../security/comment-rate.js';

export interface ViewRateOptions {
  /** VIEWS_RATE_MAX changes per VIEWS_RATE_WINDOW_MS. */
  max: number;
  windowMs: number;
  counts: WindowCounts;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Changes to saved views per person (every session of theirs, every replica when the counts are in
 * Redis): each save, rename, share or removal reaches every console watching views, and each of
 * them reads its list again, so one person toggling a view in a loop would keep the whole team busy.
 */
export class ViewRate {
  constructor(private readonly opts: ViewRateOptions) {}

  /** Counts one change of `personUid`'s views; TOO_MANY_REQUESTS naming the limit when over it. */
  async countChange(personUid: string): Promise<void> {
    const { max, windowMs } = this.opts;
    const taken = await this.opts.counts.take(personUid, 1, max, windowMs);
    if (taken.ok) return;
    const wait = Math.max(1, Math.ceil(taken.retryInMs / 1000));
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many changes to saved views: at most ${count(max)} per ${count(windowMs / 1000)} s per user (VIEWS_RATE_MAX, VIEWS_RATE_WINDOW_MS); try again in ${count(wait)} s`,
    });
  }
}
