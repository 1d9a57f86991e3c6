import { randomBytes } from 'node:crypto';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityListInput,
  type TeamActor,
} from '@waybill/contracts';
import type { RealtimeLogger } from '../realtime/types.js';
import { type ActivityStore, DAY_MS } from './activity-store.js';

/** Entries `activity.forOrder` answers at most (an order's History). */
export const ORDER_ACTIVITY_LIMIT = 500;
/**
 * The part of ACTIVITY_MAX_ENTRIES one person may add in a day (UTC): at most a tenth, so nobody
 * can push the team's history out of the record, however fast they change orders.
 */
export const ACTOR_DAILY_SHARE = 1 / 10;

/** Entries one actor may add in a day, for a record of `maxEntries`. */
export const actorDailyQuota = (maxEntries: number) =>
  Math.max(1, Math.floor(maxEntries * ACTOR_DAILY_SHARE));

/** What a procedure records: the entry without its id, actor and time. */
export type ActivityRecord = Omit<ActivityEntry, 'id' | 'actor' | 'at'>;

export interface ActivityOptions {
  store: ActivityStore;
  keepDays: number;
  maxEntries: number;
  logger: RealtimeLogger;
  now?: () => number;
}

/** Who did what through Waybill: recorded after the backend accepted each change. */
export class Activity {
  now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private count = 0;

  constructor(readonly opts: ActivityOptions) {
    this.now = opts.now ?? Date.now;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.prune().catch((error: unknown) =>
        this.opts.logger.warn({ err: (error as Error).message }, 'activity: pruning failed'),
      );
    }, 60_000);
    this.timer.unref();
  }

  /**
   * Adds the entries, as many as the actor's daily quota still allows: the rest are dropped (the
   * change itself stands), with one warning per actor and day. Answers the entries added.
   */
  async record(actor: TeamActor, records: ActivityRecord[]): Promise<ActivityEntry[]> {
    if (records.length === 0) return [];
    const now = this.now();
    const quota = actorDailyQuota(this.opts.maxEntries);
    const before = await this.opts.store.addToDailyCount(actor.uid, Math.floor(now / DAY_MS), records.length);
    const room = Math.max(0, Math.min(records.length, quota - before));
    if (room < records.length && before <= quota)
      this.opts.logger.warn(
        { actorUid: actor.uid, quota },
        'activity: one person added a tenth of ACTIVITY_MAX_ENTRIES today; their further changes go unrecorded until midnight UTC',
      );
    if (room === 0) return [];
    const at = new Date(now).toISOString();
    const entries = records.slice(0, room).map((r) => ({
      ...r,
      // Time, then this process's count (entries of one call keep their order), then a random tail
      // (two replicas in the same millisecond).
      id: `${String(now).padStart(13, '0')}-${String(this.count++ % 1e9).padStart(9, '0')}-${randomBytes(3).toString('hex')}`,
      actor: { uid: actor.uid, name: actor.name },
      at,
    }));
    await this.opts.store.append(entries);
    // Cheap with little to drop: keeps the count cap exact between the timed prunes.
    await this.prune();
    return entries;
  }

  /** A page of the filtered record, newest first; `nextCursor` reads on, null at the end. */
  async list(input: ActivityListInput): Promise<{ entries: ActivityEntry[]; nextCursor: string | null }> {
    const entries = await this.opts.store.page({
      before: input.cursor ?? null,
      // Past the retention, an entry not yet pruned is no longer shown.
      fromMs: Math.max(this.keepFrom(), input.from ? Date.parse(input.from) : 0),
      toMs: input.to ? Date.parse(input.to) : null,
      userId: input.userId,
      actions: input.actions,
      limit: ACTIVITY_PAGE_SIZE + 1,
    });
    const more = entries.length > ACTIVITY_PAGE_SIZE;
    const page = entries.slice(0, ACTIVITY_PAGE_SIZE);
    return { entries: page, nextCursor: more ? (page.at(-1)?.id ?? null) : null };
  }

  async forOrder(orderUid: string): Promise<ActivityEntry[]> {
    return (await this.opts.store.forOrder(orderUid, ORDER_ACTIVITY_LIMIT)).filter((e) => this.current(e));
  }

  onAppend(listener: (entries: ActivityEntry[]) => void): () => void {
    return this.opts.store.onAppend(listener);
  }

  /** Drops what is past ACTIVITY_KEEP_DAYS or beyond ACTIVITY_MAX_ENTRIES (every minute). */
  prune(): Promise<void> {
    return this.opts.store.prune(this.keepFrom(), this.opts.maxEntries);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.opts.store.close();
  }

  private keepFrom(): number {
    return this.now() - this.opts.keepDays * DAY_MS;
  }

  /** Past the retention, an entry not yet pruned is no longer shown. */
  private current(entry: ActivityEntry): boolean {
    return Date.parse(entry.at) >= this.keepFrom();
  }
}
