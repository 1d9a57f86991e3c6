import type { Order } from '@waybill/contracts';

/** An inbound an own write changed: inbound lists refresh on it (the change poll reads orders only). */
export interface ChangedInbound {
  uid: string;
  updated_at: string;
}

/** Where an event came from: the change poll, or a mutation made through a gateway replica. */
export type ChangeSource = 'poll' | 'write';

/** One poll's new changes (or one own write's), published to every replica's cohorts. */
export interface ChangeEvent {
  /** Monotonically increasing; compare with the log's `compare`. */
  id: string;
  orders: Order[];
  /** When the poll's (or the write's) answer arrived (ms epoch), for push-latency measurement. */
  polledAt: number;
  /** Absent on events written before own writes existed: read as 'poll'. */
  source?: ChangeSource;
  inbounds?: ChangedInbound[];
}

export interface OwnWriteChange {
  orders: Order[];
  inbounds: ChangedInbound[];
  /** When the mutation's answer arrived (ms epoch). */
  at: number;
}

export interface ChangeEventLog {
  /**
   * The poll's append. Orders whose `uid@updated_at` an own write already published are dropped
   * (own-write dedupe rule); when none is left nothing is stored and the answer is an empty event
   * carrying the latest id.
   */
  append(orders: Order[], polledAt: number): Promise<ChangeEvent>;
  /**
   * An own write's changes, from any replica (no lease needed). Orders already published with the
   * same `uid@updated_at` (by the poll or another write) are dropped; null when nothing is left.
   */
  appendWrite(change: OwnWriteChange): Promise<ChangeEvent | null>;
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  /** Events after `lastId`, or null when they are no longer kept (the caller resynchronises). */
  since(lastId: string): Promise<ChangeEvent[] | null>;
  latestId(): string | null;
  close(): Promise<void>;
}

/** How long a published `uid@updated_at` is remembered for dedupe: far beyond any poll window. */
export const PUBLISHED_TTL_MS = 10 * 60_000;

/** Single-process log: a ring of recent events. */
export class MemoryChangeEventLog implements ChangeEventLog {
  private events: ChangeEvent[] = [];
  private nextId = 1;
  private listeners = new Set<(event: ChangeEvent) => void>();
  /** uid → [updated_at, remembered at]: what was published, for the poll/write dedupe. */
  private published = new Map<string, [string, number]>();

  constructor(
    private readonly capacity = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async append(orders: Order[], polledAt: number): Promise<ChangeEvent> {
    const fresh = this.unpublished(orders);
    if (fresh.length === 0 && orders.length > 0) {
      return { id: this.latestId() ?? '0', orders: [], polledAt, source: 'poll' };
    }
    return this.store({ orders: fresh, polledAt, source: 'poll' });
  }

  async appendWrite(change: OwnWriteChange): Promise<ChangeEvent | null> {
    const orders = this.unpublished(change.orders);
    if (orders.length === 0 && change.inbounds.length === 0) return null;
    return this.store({
      orders,
      polledAt: change.at,
      source: 'write',
      ...(change.inbounds.length > 0 ? { inbounds: change.inbounds } : {}),
    });
  }

  private unpublished(orders: Order[]): Order[] {
    const now = this.now();
    const fresh = orders.filter((o) => {
      const seen = this.published.get(o.uid);
      return !(seen && seen[0] === o.updated_at && now - seen[1] < PUBLISHED_TTL_MS);
    });
    for (const o of fresh) this.published.set(o.uid, [o.updated_at, now]);
    if (this.published.size > 10_000) {
      for (const [uid, [, at]] of this.published)
        if (now - at >= PUBLISHED_TTL_MS) this.published.delete(uid);
    }
    return fresh;
  }

  private store(body: Omit<ChangeEvent, 'id'>): ChangeEvent {
    const event: ChangeEvent = { id: String(this.nextId++), ...body };
    this.events.push(event);
    if (this.events.length > this.capacity) this.events.splice(0, this.events.length - this.capacity);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async since(lastId: string): Promise<ChangeEvent[] | null> {
    const last = Number(lastId);
    if (!Number.isInteger(last) || last < 0 || last >= this.nextId) return null;
    const first = this.events[0];
    if (first && last < Number(first.id) - 1) return null;
    return this.events.filter((e) => Number(e.id) > last);
  }

  latestId(): string | null {
    return this.events.at(-1)?.id ?? null;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
