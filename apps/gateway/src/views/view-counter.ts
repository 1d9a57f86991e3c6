import { changeTouchesOrdersList, type OrdersFilter, toOrdersSearchBody } from '@waybill/contracts';
import type { OrderChange } from '../realtime/known-orders.js';
import type { BackendCaller, RealtimeLogger } from '../realtime/types.js';

/** The count call reads no rows; the body still names a window. */
const COUNT_WINDOW = { skip: 0, limit: 1 };

interface Entry {
  userUid: string;
  filter: OrdersFilter;
  /** Watchers' tokens (all of `userUid`): a read uses one of them. */
  holders: Map<number, { token: string; onCount: () => void }>;
  count: number | null;
  reading: boolean;
  again: boolean;
}

export interface CountHandle {
  count(): number | null;
  release(): void;
}

/**
 * Live counts of saved views' filters. One count per backend user and distinct filter, whoever's view
 * it is: each user's token may see other merchants, so a count is never shared across users. A count
 * is read when its first watcher comes, and again only when a change event holds an order the filter
 * could match before or after the change (contracts `changeTouchesOrdersList`, the rule the orders
 * list's count follows); a count nobody watches is forgotten.
 */
export class ViewCounter {
  private readonly entries = new Map<string, Entry>();
  private nextHolder = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly opts: {
      backend: BackendCaller;
      managedBy: string;
      logger: RealtimeLogger;
      onOrderChanges: (listener: (changes: OrderChange[]) => void) => () => void;
      now?: () => Date;
    },
  ) {
    this.unsubscribe = opts.onOrderChanges((changes) => this.applyChanges(changes));
  }

  watch(userUid: string, token: string, filter: OrdersFilter, onCount: () => void): CountHandle {
    const key = `${userUid}\n${filterKey(filter)}`;
    let entry = this.entries.get(key);
    const fresh = !entry;
    if (!entry) {
      entry = { userUid, filter, holders: new Map(), count: null, reading: false, again: false };
      this.entries.set(key, entry);
    }
    const id = this.nextHolder++;
    entry.holders.set(id, { token, onCount });
    if (fresh) void this.read(entry);
    const held = entry;
    return {
      count: () => held.count,
      release: () => {
        held.holders.delete(id);
        if (held.holders.size === 0 && this.entries.get(key) === held) this.entries.delete(key);
      },
    };
  }

  /** Counts being kept (tests, metrics). */
  size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }

  private applyChanges(changes: OrderChange[]): void {
    const now = this.opts.now?.() ?? new Date();
    for (const entry of this.entries.values()) {
      const touched = changes.some((change) =>
        changeTouchesOrdersList(change, entry.filter, { now, inCohortRows: false }).statistics.includes(
          'count',
        ),
      );
      if (touched) void this.read(entry);
    }
  }

  /** One read at a time per count; a change arriving meanwhile gives one more read after it. */
  private async read(entry: Entry): Promise<void> {
    if (entry.reading) {
      entry.again = true;
      return;
    }
    entry.reading = true;
    try {
      do {
        entry.again = false;
        const holder = entry.holders.values().next().value;
        if (!holder) return;
        try {
          // In the scheduler's background lane: a menu's counts never hold the user's list reads back.
          const answer = await this.opts.backend.call('orders.search.count', {
            token: holder.token,
            body: toOrdersSearchBody(entry.filter, COUNT_WINDOW, this.opts.managedBy),
            background: true,
          });
          if (answer.count !== entry.count) {
            entry.count = answer.count;
            for (const h of entry.holders.values()) h.onCount();
          }
        } catch (error) {
          this.opts.logger.warn({ err: (error as Error).message }, 'views: a count was not read');
        }
      } while (entry.again);
    } finally {
      entry.reading = false;
    }
  }
}

/** The same filter whatever the order of its lists' values. */
function filterKey(filter: OrdersFilter): string {
  return JSON.stringify(filter, (_key, value: unknown) =>
    Array.isArray(value) ? [...value].map(String).sort() : value,
  );
}
