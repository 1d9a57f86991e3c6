import { TRPCError } from '@trpc/server';
import type { Hold } from '@waybill/contracts';
import type { WindowCounts } from '../security/comment-rate.js';

export interface HoldLimitsOptions {
  /** HOLDS_MAX_PER_USER. */
  maxPerUser: number;
  /** HOLD_RATE_MAX takes and releases per HOLD_RATE_WINDOW_MS. */
  rateMax: number;
  rateWindowMs: number;
  counts: WindowCounts;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * What one person may do with holds: every console gets the whole set of holds on each change, and
 * each take or release is written to the activity record, so neither may grow or churn without end.
 */
export class HoldLimits {
  constructor(private readonly opts: HoldLimitsOptions) {}

  /** Counts one take or release of `personUid`; TOO_MANY_REQUESTS naming the limit when over it. */
  async countAction(personUid: string): Promise<void> {
    const { rateMax, rateWindowMs } = this.opts;
    const taken = await this.opts.counts.take(personUid, 1, rateMax, rateWindowMs);
    if (taken.ok) return;
    const wait = Math.max(1, Math.ceil(taken.retryInMs / 1000));
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many takes and releases: at most ${count(rateMax)} per ${count(rateWindowMs / 1000)} s per user (HOLD_RATE_MAX, HOLD_RATE_WINDOW_MS); try again in ${count(wait)} s`,
    });
  }

  /** Refuses a new hold of `orderUid` when `personUid` already holds the most one person may. */
  assertRoomFor(personUid: string, orderUid: string, holds: readonly Hold[]): void {
    const mine = holds.filter((h) => h.holder.uid === personUid && h.orderUid !== orderUid).length;
    if (mine < this.opts.maxPerUser) return;
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `You hold ${count(mine)} orders, the most one person may (HOLDS_MAX_PER_USER): release one before taking another`,
    });
  }
}
