import { type ActivityEntry, activityEntrySchema } from '@waybill/contracts';
import type { DataSection } from '../storage/data-store.js';
import { parseKept } from '../storage/parse-kept.js';
import { ActivityIndex, type ActivityQuery } from './activity-index.js';

/**
 * The team's activity record, append-only: newest first on read, pruned by age and count. In process
 * (written through to the embedded store) on one replica; in Redis with several
 * (scale/redis-activity-store.ts). Every read is answered from an index (by order, by action, by actor
 * and action), so its cost follows the page asked for, not the size of the record.
 */
export interface ActivityStore {
  append(entries: ActivityEntry[]): Promise<void>;
  /** The query's entries, newest first, at most `limit`. */
  page(query: ActivityQuery): Promise<ActivityEntry[]>;
  /** One order's entries, newest first, at most `limit`. */
  forOrder(orderUid: string, limit: number): Promise<ActivityEntry[]>;
  /** Drops entries recorded before `olderThan` (ms) and the oldest beyond `maxEntries`. */
  prune(olderThan: number, maxEntries: number): Promise<void>;
  /**
   * Adds `count` to what `actorUid` offered the record on `day` (days since the epoch, UTC) and
   * answers what they had offered before, shared by every replica.
   */
  addToDailyCount(actorUid: string, day: number, count: number): Promise<number>;
  /** New entries, on every replica. */
  onAppend(listener: (entries: ActivityEntry[]) => void): () => void;
  close(): Promise<void>;
}

export const parseEntry = (raw: string): ActivityEntry | null => parseKept(activityEntrySchema, raw);

/** Entry ids sort as their times do (then by a random tail), so a page cursor is an id. */
export const entryTime = (id: string) => Number(id.slice(0, 13));

export const DAY_MS = 86_400_000;

export class MemoryActivityStore implements ActivityStore {
  private readonly index = new ActivityIndex();
  /** Today's counts by actor (addToDailyCount); another day starts them again. */
  private counts = { day: -1, byActor: new Map<string, number>() };
  private readonly listeners = new Set<(entries: ActivityEntry[]) => void>();

  private constructor(private readonly disk: DataSection | null) {}

  /** With `disk`, loads the entries kept there (keyed by id, so in order) and writes every change through. */
  static async open(disk: DataSection | null): Promise<MemoryActivityStore> {
    const store = new MemoryActivityStore(disk);
    if (disk)
      for await (const raw of disk.values()) {
        const entry = parseEntry(raw);
        if (entry) store.index.add(entry);
      }
    return store;
  }

  async append(entries: ActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    for (const entry of entries) {
      this.index.add(entry);
      await this.disk?.put(entry.id, JSON.stringify(entry));
    }
    for (const listener of this.listeners) listener(entries);
  }

  async page(query: ActivityQuery) {
    return this.index.page(query);
  }

  async forOrder(orderUid: string, limit: number) {
    return this.index.forOrder(orderUid, limit);
  }

  async prune(olderThan: number, maxEntries: number): Promise<void> {
    const all = this.index.all;
    const byAge = all.findIndex((e) => entryTime(e.id) >= olderThan);
    const firstKept = Math.max(byAge === -1 ? all.length : byAge, all.length - maxEntries);
    if (firstKept <= 0) return;
    const dropped = this.index.dropOldest(firstKept);
    await this.disk?.batch(dropped.map((e) => ({ type: 'del' as const, key: e.id })));
  }

  async addToDailyCount(actorUid: string, day: number, count: number): Promise<number> {
    if (this.counts.day !== day) this.counts = { day, byActor: new Map() };
    // After a restart the day's count starts from what the record kept of it.
    const before = this.counts.byActor.get(actorUid) ?? this.index.countSince(actorUid, day * DAY_MS);
    this.counts.byActor.set(actorUid, before + count);
    return before;
  }

  onAppend(listener: (entries: ActivityEntry[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
