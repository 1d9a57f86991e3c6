import type { Order } from '@waybill/contracts';

/** One poll's new changes, published to every replica's cohorts. */
export interface ChangeEvent {
  /** Monotonically increasing; compare with the log's `compare`. */
  id: string;
  orders: Order[];
  /** When the poll's answer arrived (ms epoch), for push-latency measurement. */
  polledAt: number;
}

export interface ChangeEventLog {
  append(orders: Order[], polledAt: number): Promise<ChangeEvent>;
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  /** Events after `lastId`, or null when they are no longer kept (the caller resynchronises). */
  since(lastId: string): Promise<ChangeEvent[] | null>;
  latestId(): string | null;
  close(): Promise<void>;
}

/** Single-process log: a ring of recent events. */
export class MemoryChangeEventLog implements ChangeEventLog {
  private events: ChangeEvent[] = [];
  private nextId = 1;
  private listeners = new Set<(event: ChangeEvent) => void>();

  constructor(private readonly capacity = 1000) {}

  async append(orders: Order[], polledAt: number): Promise<ChangeEvent> {
    const event: ChangeEvent = { id: String(this.nextId++), orders, polledAt };
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
