import { countOne, type WindowCounts } from '../security/comment-rate.js';

export interface NotificationRateOptions {
  /** NOTIFICATION_RATE_MAX follows, unfollows and read marks per NOTIFICATION_RATE_WINDOW_MS. */
  max: number;
  windowMs: number;
  counts: WindowCounts;
}

/**
 * Follows, unfollows and read marks per person, over all their sessions (and every replica when the
 * counts are in Redis). They make no backend call, so nothing else slows a loop of them, and each
 * one that changes something is a write to the gateway's own store.
 */
export class NotificationRate {
  constructor(private readonly opts: NotificationRateOptions) {}

  /** Counts one change of `personUid`; TOO_MANY_REQUESTS naming the limit and when to retry past it. */
  count(personUid: string): Promise<void> {
    return countOne(this.opts.counts, personUid, {
      max: this.opts.max,
      windowMs: this.opts.windowMs,
      what: 'follows, unfollows and read marks',
      limit: 'NOTIFICATION_RATE_MAX',
      variables: 'NOTIFICATION_RATE_MAX, NOTIFICATION_RATE_WINDOW_MS',
    });
  }
}
