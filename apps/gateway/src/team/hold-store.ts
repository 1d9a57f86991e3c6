import { type Hold, holdSchema } from '@waybill/contracts';
import type { DataSection } from '../storage/data-store.js';
import { parseKept } from '../storage/parse-kept.js';

/**
 * Who holds which order. In process (written through to the embedded store, so a restart keeps them)
 * on one replica; in Redis with several (scale/redis-hold-store.ts). Claims are atomic in both.
 */
export interface HoldStore {
  all(): Promise<Hold[]>;
  get(orderUid: string): Promise<Hold | null>;
  /**
   * Writes `next` when the order is free, already held by `next.holder`, or `force`; otherwise
   * writes nothing and answers the hold in the way.
   */
  claim(next: Hold, force: boolean): Promise<Hold | null>;
  /**
   * Deletes the hold when `holderUid` is null or holds it; answers the hold in the way otherwise.
   * `unlessActedAfter`: keeps a hold whose holder acted after it (an expiry racing an action).
   */
  drop(orderUid: string, holderUid: string | null, unlessActedAfter?: string): Promise<Hold | null>;
  /** Moves the holder's last action on the order to `at`, when they hold it. */
  touch(orderUid: string, holderUid: string, at: string): Promise<void>;
  /** Called after any change, on every replica. */
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

export const parseHold = (raw: string): Hold | null => parseKept(holdSchema, raw);

export class MemoryHoldStore implements HoldStore {
  private readonly holds = new Map<string, Hold>();
  private readonly listeners = new Set<() => void>();

  private constructor(private readonly disk: DataSection | null) {}

  /** With `disk`, loads the holds kept there and writes every change through. */
  static async open(disk: DataSection | null): Promise<MemoryHoldStore> {
    const store = new MemoryHoldStore(disk);
    if (disk)
      for await (const raw of disk.values()) {
        const hold = parseHold(raw);
        if (hold) store.holds.set(hold.orderUid, hold);
      }
    return store;
  }

  async all(): Promise<Hold[]> {
    return [...this.holds.values()];
  }

  async get(orderUid: string): Promise<Hold | null> {
    return this.holds.get(orderUid) ?? null;
  }

  async claim(next: Hold, force: boolean): Promise<Hold | null> {
    const current = this.holds.get(next.orderUid);
    if (current && !force && current.holder.uid !== next.holder.uid) return current;
    this.holds.set(next.orderUid, next);
    await this.disk?.put(next.orderUid, JSON.stringify(next));
    this.emit();
    return null;
  }

  async drop(orderUid: string, holderUid: string | null, unlessActedAfter?: string): Promise<Hold | null> {
    const current = this.holds.get(orderUid);
    if (!current) return null;
    if (holderUid !== null && current.holder.uid !== holderUid) return current;
    if (unlessActedAfter && Date.parse(current.lastActionAt) > Date.parse(unlessActedAfter)) return null;
    this.holds.delete(orderUid);
    await this.disk?.del(orderUid);
    this.emit();
    return null;
  }

  async touch(orderUid: string, holderUid: string, at: string): Promise<void> {
    const current = this.holds.get(orderUid);
    if (!current || current.holder.uid !== holderUid) return;
    const next = { ...current, lastActionAt: at };
    this.holds.set(orderUid, next);
    await this.disk?.put(orderUid, JSON.stringify(next));
    // Who holds what is unchanged: no push to every console for each action on a held order.
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
