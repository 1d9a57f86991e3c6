import { type ActivityEntry, activityEntrySchema } from '@waybill/contracts';
import type { DataSection } from '../storage/data-store.js';
import { parseKept } from '../storage/parse-kept.js';

/**
 * The team's activity record, append-only: newest first on read, pruned by age and count. In process
 * (written through to the embedded store) on one replica; in Redis with several
 * (scale/redis-activity-store.ts).
 */
export interface ActivityStore {
  append(entries: ActivityEntry[]): Promise<void>;
  /**
   * Entries older than the `before` id (all when null), newest first, that `keep` accepts; reads stop
   * once `limit` are found.
   */
  page(
    before: string | null,
    limit: number,
    keep: (entry: ActivityEntry) => boolean,
  ): Promise<ActivityEntry[]>;
  /** One order's entries, newest first, at most `limit`. */
  forOrder(orderUid: string, limit: number): Promise<ActivityEntry[]>;
  /** Drops entries recorded before `olderThan` (ms) and the oldest beyond `maxEntries`. */
  prune(olderThan: number, maxEntries: number): Promise<void>;
  /** New entries, on every replica. */
  onAppend(listener: (entries: ActivityEntry[]) => void): () => void;
  close(): Promise<void>;
}

export const parseEntry = (raw: string): ActivityEntry | null => parseKept(activityEntrySchema, raw);

/** Entry ids sort as their times do (then by a random tail), so a page cursor is an id. */
export const entryTime = (id: string) => Number(id.slice(0, 13));

export class MemoryActivityStore implements ActivityStore {
  /** Oldest first. */
  private entries: ActivityEntry[] = [];
  private readonly listeners = new Set<(entries: ActivityEntry[]) => void>();

  private constructor(private readonly disk: DataSection | null) {}

  /** With `disk`, loads the entries kept there (keyed by id, so in order) and writes every change through. */
  static async open(disk: DataSection | null): Promise<MemoryActivityStore> {
    const store = new MemoryActivityStore(disk);
    if (disk)
      for await (const raw of disk.values()) {
        const entry = parseEntry(raw);
        if (entry) store.entries.push(entry);
      }
    return store;
  }

  async append(entries: ActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    for (const entry of entries) {
      this.entries.push(entry);
      await this.disk?.put(entry.id, JSON.stringify(entry));
    }
    this.entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const listener of this.listeners) listener(entries);
  }

  async page(before: string | null, limit: number, keep: (entry: ActivityEntry) => boolean) {
    const found: ActivityEntry[] = [];
    for (let i = this.entries.length - 1; i >= 0 && found.length < limit; i--) {
      const entry = this.entries[i] as ActivityEntry;
      if (before !== null && entry.id >= before) continue;
      if (keep(entry)) found.push(entry);
    }
    return found;
  }

  async forOrder(orderUid: string, limit: number) {
    return this.page(null, limit, (e) => e.orderUid === orderUid);
  }

  async prune(olderThan: number, maxEntries: number): Promise<void> {
    const byAge = this.entries.findIndex((e) => entryTime(e.id) >= olderThan);
    const firstKept = Math.max(byAge === -1 ? this.entries.length : byAge, this.entries.length - maxEntries);
    if (firstKept <= 0) return;
    // In place: at the count cap every append drops one, and a copy of the whole record each time
    // would cost far more than the entry.
    const dropped = this.entries.splice(0, firstKept);
    await this.disk?.batch(dropped.map((e) => ({ type: 'del' as const, key: e.id })));
  }

  onAppend(listener: (entries: ActivityEntry[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
