/**
 * A bounded per-subscriber queue consumed as an async iterator by a tRPC subscription.
 * A consumer that falls more than `limit` messages behind is marked overflowed, so the
 * subscription can resynchronise it with a fresh snapshot instead of growing memory.
 */
export class SubscriberQueue<T> {
  private items: T[] = [];
  private waiter: ((done: boolean) => void) | null = null;
  private closed = false;
  private failure: Error | null = null;
  private bound: AbortSignal | null = null;
  overflowed = false;

  constructor(private readonly limit = 64) {}

  push(item: T): void {
    if (this.closed) return;
    if (this.items.length >= this.limit) {
      this.items = [];
      this.overflowed = true;
    } else {
      this.items.push(item);
    }
    this.wake(false);
  }

  close(): void {
    this.closed = true;
    this.wake(true);
  }

  /** End the subscription with an error (e.g. its session died): what is queued is dropped. */
  fail(error: Error): void {
    this.failure = error;
    this.items = [];
    this.close();
  }

  /** True when `next` would answer without waiting for a push. */
  pending(): boolean {
    return this.items.length > 0 || this.overflowed || this.failure !== null || this.closed;
  }

  /** Next item, or undefined when the queue is closed or the signal aborts; throws after `fail`. */
  async next(signal: AbortSignal): Promise<T | 'overflow' | undefined> {
    this.bind(signal);
    for (;;) {
      if (this.failure) throw this.failure;
      if (this.overflowed) {
        this.overflowed = false;
        return 'overflow';
      }
      const item = this.items.shift();
      if (item !== undefined) return item;
      if (this.closed || signal.aborted) return undefined;
      const ended = await new Promise<boolean>((resolve) => {
        this.waiter = resolve;
      });
      if (ended && this.items.length === 0 && !this.overflowed && !this.failure) return undefined;
    }
  }

  /** One abort listener per signal, not one per wait: a push to thousands of tabs adds no listeners. */
  private bind(signal: AbortSignal): void {
    if (this.bound === signal) return;
    this.bound = signal;
    signal.addEventListener('abort', () => this.wake(true), { once: true });
  }

  private wake(done: boolean): void {
    const w = this.waiter;
    this.waiter = null;
    w?.(done);
  }
}
