/**
 * A small TTL cache with single-flight loading: concurrent misses for one key share one load,
 * and failed loads are not cached. Oldest entries are evicted past `maxEntries`.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #inflight = new Map<string, Promise<V>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.#entries.get(key);
    if (hit && hit.expires > this.#now()) return Promise.resolve(hit.value);
    if (hit) this.#entries.delete(key);
    const pending = this.#inflight.get(key);
    if (pending) return pending;
    const loading = load().then(
      (value) => {
        this.#inflight.delete(key);
        this.#set(key, value);
        return value;
      },
      (error: unknown) => {
        this.#inflight.delete(key);
        throw error;
      },
    );
    this.#inflight.set(key, loading);
    return loading;
  }

  /** True when `key` holds a value that has not expired. */
  has(key: string): boolean {
    const hit = this.#entries.get(key);
    return hit !== undefined && hit.expires > this.#now();
  }

  /** Keeps `value` for `key` (replacing what it held). */
  set(key: string, value: V): void {
    this.#set(key, value);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  #set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.#now() + this.#ttlMs });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}
