import type { PresenceSnapshot, PresenceViewer } from '@waybill/contracts';

/** One open detail: a user's tab holding an order. `holder` is a hash of the session, never the id. */
export interface PresenceEntry {
  holder: string;
  userUid: string;
  name: string;
  orderUid: string;
  typing: boolean;
}

/** How replicas share their entries (Redis pub/sub); absent on a single replica. */
export interface PresenceTransport {
  /** Sends this replica's whole set of entries. */
  publish(entries: PresenceEntry[]): void;
  /** Entries another replica sent: `null` when it left. */
  onRemote(listener: (replica: string, entries: PresenceEntry[] | null) => void): void;
  /** Asks every other replica to send its entries now (a replica that just started). */
  requestSync(): void;
  close(): Promise<void>;
}

export class PresenceLimitError extends Error {
  override name = 'PresenceLimitError';
  constructor(
    readonly limit: 'PRESENCE_ORDERS_PER_SESSION' | 'PRESENCE_VIEWERS_PER_ORDER',
    message: string,
  ) {
    super(message);
  }
}

export interface PresenceHubOptions {
  /** Distinct orders one session may announce at once (PRESENCE_ORDERS_PER_SESSION). */
  ordersPerSession: number;
  /** Distinct users one order may show at once (PRESENCE_VIEWERS_PER_ORDER). */
  viewersPerOrder: number;
  /** Another replica's entries are dropped this long after its last heartbeat (PRESENCE_TTL_MS). */
  ttlMs: number;
  transport?: PresenceTransport | null;
  now?: () => number;
}

/**
 * Who has which order open, over every replica. Local entries live as long as their `presence.here`
 * subscription (a socket close ends it at once); each replica re-sends its entries every third of
 * the TTL, so a crashed replica's entries expire within the TTL. Nothing here reaches the backend.
 */
export class PresenceHub {
  private readonly local = new Map<number, PresenceEntry>();
  private readonly remote = new Map<string, { entries: PresenceEntry[]; expiresAt: number }>();
  private readonly listeners = new Set<() => void>();
  private readonly timers: NodeJS.Timeout[] = [];
  private nextId = 1;
  private publishQueued = false;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly opts: PresenceHubOptions) {
    this.now = opts.now ?? Date.now;
    const transport = opts.transport;
    if (transport) {
      transport.onRemote((replica, entries) => {
        if (entries === null) this.remote.delete(replica);
        else this.remote.set(replica, { entries, expiresAt: this.now() + opts.ttlMs });
        this.changed(false);
      });
      transport.requestSync();
      const beat = setInterval(
        () => transport.publish([...this.local.values()]),
        Math.max(50, opts.ttlMs / 3),
      );
      const sweep = setInterval(() => this.sweep(), Math.max(50, Math.min(500, opts.ttlMs / 10)));
      beat.unref();
      sweep.unref();
      this.timers.push(beat, sweep);
    }
  }

  /** Announces an entry until `release`; over a cap it throws a PresenceLimitError naming it. */
  hold(entry: PresenceEntry): { release(): void } {
    const all = this.entries();
    const orders = new Set(all.filter((e) => e.holder === entry.holder).map((e) => e.orderUid));
    if (!orders.has(entry.orderUid) && orders.size >= this.opts.ordersPerSession)
      throw new PresenceLimitError(
        'PRESENCE_ORDERS_PER_SESSION',
        `This session already shows presence on ${orders.size} orders (at most ${this.opts.ordersPerSession}, PRESENCE_ORDERS_PER_SESSION): close a detail first`,
      );
    const viewers = new Set(all.filter((e) => e.orderUid === entry.orderUid).map((e) => e.userUid));
    if (!viewers.has(entry.userUid) && viewers.size >= this.opts.viewersPerOrder)
      throw new PresenceLimitError(
        'PRESENCE_VIEWERS_PER_ORDER',
        `This order already shows ${viewers.size} viewers (at most ${this.opts.viewersPerOrder}, PRESENCE_VIEWERS_PER_ORDER)`,
      );
    const id = this.nextId++;
    this.local.set(id, entry);
    this.changed(true);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.local.delete(id);
        this.changed(true);
      },
    };
  }

  /** Every order someone has open, with its users (merged over tabs), the watcher's own user left out. */
  snapshot(exceptUserUid: string | null): PresenceSnapshot {
    const byOrder = new Map<string, Map<string, PresenceViewer>>();
    for (const e of this.entries()) {
      if (e.userUid === exceptUserUid) continue;
      const users = byOrder.get(e.orderUid) ?? new Map<string, PresenceViewer>();
      byOrder.set(e.orderUid, users);
      const seen = users.get(e.userUid);
      if (seen) seen.typing ||= e.typing;
      else users.set(e.userUid, { uid: e.userUid, name: e.name, typing: e.typing });
    }
    const orders: PresenceSnapshot['orders'] = {};
    for (const [orderUid, users] of [...byOrder].sort(([a], [b]) => a.localeCompare(b)))
      orders[orderUid] = [...users.values()].sort(
        (a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid),
      );
    return { orders };
  }

  /** Called on every change (local or from another replica); cheap, callers coalesce. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  localCount(): number {
    return this.local.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.local.clear();
    this.listeners.clear();
    await this.opts.transport?.close();
  }

  private entries(): PresenceEntry[] {
    const out = [...this.local.values()];
    const now = this.now();
    for (const held of this.remote.values()) if (held.expiresAt > now) out.push(...held.entries);
    return out;
  }

  private sweep(): void {
    const now = this.now();
    let dropped = false;
    for (const [replica, held] of this.remote)
      if (held.expiresAt <= now) {
        this.remote.delete(replica);
        dropped = true;
      }
    if (dropped) this.changed(false);
  }

  private changed(localChange: boolean): void {
    for (const listener of this.listeners) listener();
    const transport = this.opts.transport;
    if (!localChange || !transport || this.publishQueued || this.closed) return;
    // A tab that switches typing on resubscribes (stop, then start): send the end state once.
    this.publishQueued = true;
    setTimeout(() => {
      this.publishQueued = false;
      if (!this.closed) transport.publish([...this.local.values()]);
    }, 20).unref();
  }
}
