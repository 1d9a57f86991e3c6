import { randomBytes } from 'node:crypto';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityListInput,
  activityMatches,
  type TeamActor,
} from '@waybill/contracts';
import type { RealtimeLogger } from '../realtime/types.js';
import type { ActivityStore } from './activity-store.js';

const DAY_MS = 86_400_000;
/** Entries `activity.forOrder` answers at most (an order's History). */
export const ORDER_ACTIVITY_LIMIT = 500;

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

  constructor(private readonly opts: ActivityOptions) {
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

  async record(actor: TeamActor, records: ActivityRecord[]): Promise<ActivityEntry[]> {
    const now = this.now();
    const at = new Date(now).toISOString();
    const entries = records.map((r) => ({
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
    const entries = await this.opts.store.page(
      input.cursor ?? null,
      ACTIVITY_PAGE_SIZE + 1,
      (e) => this.current(e) && activityMatches(e, input),
    );
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
