import type { Hold } from '@waybill/contracts';
import { countOne, type WindowCounts } from '../security/comment-rate.js';
import { limitRefusal } from '../security/limit-reached.js';

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
  countAction(personUid: string): Promise<void> {
    const { rateMax, rateWindowMs, counts } = this.opts;
    return countOne(counts, personUid, {
      max: rateMax,
      windowMs: rateWindowMs,
      what: 'takes and releases',
      limit: 'HOLD_RATE_MAX',
      variables: 'HOLD_RATE_MAX, HOLD_RATE_WINDOW_MS',
    });
  }

  /** Refuses a new hold of `orderUid` when `personUid` already holds the most one person may. */
  assertRoomFor(personUid: string, orderUid: string, holds: readonly Hold[]): void {
    const mine = holds.filter((h) => h.holder.uid === personUid && h.orderUid !== orderUid).length;
    if (mine < this.opts.maxPerUser) return;
    throw limitRefusal(
      'BAD_REQUEST',
      'HOLDS_MAX_PER_USER',
      `You hold ${count(mine)} orders, the most one person may (HOLDS_MAX_PER_USER): release one before taking another`,
    );
  }
}
