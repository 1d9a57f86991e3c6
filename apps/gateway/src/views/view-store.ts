import { ordersFilterSchema, VIEW_PATHS } from '@waybill/contracts';
import { z } from 'zod';
import type { DataSection, DataStore } from '../storage/data-store.js';

/** A saved view as kept: its owner, and whether the owner shares it with the team. */
export const storedViewSchema = z.object({
  id: z.string(),
  ownerUid: z.string(),
  ownerName: z.string(),
  name: z.string(),
  path: z.enum(VIEW_PATHS),
  search: z.string(),
  filter: ordersFilterSchema,
  shared: z.boolean(),
  createdAt: z.number(),
});
export type StoredView = z.infer<typeof storedViewSchema>;

export class ViewLimitError extends Error {
  override name = 'ViewLimitError';
}

/**
 * Users' saved views: in the embedded store on one replica, in Redis with several
 * (scale/redis-view-store.ts). Listeners hear every change (any owner, any replica): the counts
 * subscription re-lists, since a shared view shows in everyone's menu.
 */
export interface ViewStore {
  ofOwner(ownerUid: string): Promise<StoredView[]>;
  /** Every shared view, of every owner. */
  shared(): Promise<StoredView[]>;
  /** Adds or replaces the owner's view; a new one past `maxPerOwner` throws a ViewLimitError. */
  put(view: StoredView, maxPerOwner: number): Promise<void>;
  /** False when the owner has no such view. */
  remove(ownerUid: string, id: string): Promise<boolean>;
  onUpdate(listener: () => void): () => void;
  close(): Promise<void>;
}

export const limitMessage = (max: number) =>
  `You have ${max} saved views already (at most ${max}, VIEWS_MAX_PER_USER): delete one first`;

/**
 * A single-process gateway's views, on disk under DATA_DIR (one record per view, `owner/id`), read
 * once at start and served from memory: the store's lock makes this process its only writer.
 */
export class DiskViewStore implements ViewStore {
  private readonly listeners = new Set<() => void>();

  private constructor(
    private readonly section: DataSection,
    private readonly views: Map<string, StoredView>,
  ) {}

  static async open(store: DataStore, logger: { warn(obj: object, msg?: string): void }) {
    const section = store.section('views');
    const views = new Map<string, StoredView>();
    for await (const [key, raw] of section.iterator()) {
      const parsed = storedViewSchema.safeParse(safeJson(raw));
      if (parsed.success) views.set(key, parsed.data);
      else logger.warn({ key }, 'views: skipped an unreadable saved view');
    }
    return new DiskViewStore(section, views);
  }

  async ofOwner(ownerUid: string): Promise<StoredView[]> {
    return sorted([...this.views.values()].filter((v) => v.ownerUid === ownerUid));
  }

  async shared(): Promise<StoredView[]> {
    return sorted([...this.views.values()].filter((v) => v.shared));
  }

  async put(view: StoredView, maxPerOwner: number): Promise<void> {
    const key = viewStoreKey(view.ownerUid, view.id);
    if (!this.views.has(key) && (await this.ofOwner(view.ownerUid)).length >= maxPerOwner)
      throw new ViewLimitError(limitMessage(maxPerOwner));
    this.views.set(key, view);
    await this.section.put(key, JSON.stringify(view));
    this.emit();
  }

  async remove(ownerUid: string, id: string): Promise<boolean> {
    const key = viewStoreKey(ownerUid, id);
    if (!this.views.delete(key)) return false;
    await this.section.del(key);
    this.emit();
    return true;
  }

  onUpdate(listener: () => void): () => void {
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

export const viewStoreKey = (ownerUid: string, id: string) => `${ownerUid}/${id}`;

/** Oldest first: a menu keeps its order as views are added. */
export const sorted = (views: StoredView[]) =>
  views.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));

export function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
