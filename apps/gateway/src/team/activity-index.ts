import type { ActivityAction, ActivityEntry } from '@waybill/contracts';

/**
 * A page of the record as a store is asked for it. Time bounds are in ms and both included; entry ids
 * start with their time, so every bound is also a range of ids.
 */
export interface ActivityQuery {
  /** Entries with an id below this one (all when null): the cursor. */
  before: string | null;
  fromMs: number;
  toMs: number | null;
  userId?: string | undefined;
  /** Any of these actions; none or empty: all. */
  actions?: readonly ActivityAction[] | undefined;
  limit: number;
}

/** The smallest id an entry recorded at `ms` can have. */
export const idAt = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(13, '0');

/** The exclusive upper bound of a query's ids (null: none). */
export function idBelow(query: Pick<ActivityQuery, 'before' | 'toMs'>): string | null {
  const to = query.toMs === null ? null : idAt(query.toMs + 1);
  if (query.before === null || to === null) return query.before ?? to;
  // Ids compare as strings: the lower of the two.
  return [query.before, to].sort()[0] ?? null;
}

export const newestFirst = (a: ActivityEntry, b: ActivityEntry) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The first position in `list` (oldest first) whose id is not below `id`. */
function firstAtOrAbove(list: readonly ActivityEntry[], id: string): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((list[mid] as ActivityEntry).id < id) low = mid + 1;
    else high = mid;
  }
  return low;
}

function insert(list: ActivityEntry[], entry: ActivityEntry): void {
  const last = list.at(-1);
  if (!last || last.id < entry.id) list.push(entry);
  else list.splice(firstAtOrAbove(list, entry.id), 0, entry);
}

function listIn<K>(map: Map<K, ActivityEntry[]>, key: K): ActivityEntry[] {
  const list = map.get(key) ?? [];
  if (list.length === 0) map.set(key, list);
  return list;
}

/**
 * The in-process record and its indexes: by order (its History), by action, and by actor and action.
 * A filtered page reads only entries it answers with, so a filter matching nothing costs a few
 * binary searches rather than a walk through the whole record.
 */
export class ActivityIndex {
  /** Every entry, oldest first, as every list below. */
  readonly all: ActivityEntry[] = [];
  private readonly byOrder = new Map<string, ActivityEntry[]>();
  private readonly byAction = new Map<ActivityAction, ActivityEntry[]>();
  private readonly byActor = new Map<string, Map<ActivityAction, ActivityEntry[]>>();

  add(entry: ActivityEntry): void {
    insert(this.all, entry);
    insert(listIn(this.byOrder, entry.orderUid), entry);
    insert(listIn(this.byAction, entry.action), entry);
    const actions = this.byActor.get(entry.actor.uid) ?? new Map<ActivityAction, ActivityEntry[]>();
    this.byActor.set(entry.actor.uid, actions);
    insert(listIn(actions, entry.action), entry);
  }

  /** Drops the oldest `count` entries from the record and every index; answers them. */
  dropOldest(count: number): ActivityEntry[] {
    // In place: at the count cap every append drops one, and a copy of the whole record each time
    // would cost far more than the entry.
    const dropped = this.all.splice(0, count);
    const edge = this.all[0]?.id ?? null;
    const trim = <K>(map: Map<K, ActivityEntry[]>, key: K) => {
      const list = map.get(key);
      if (!list) return;
      list.splice(0, edge === null ? list.length : firstAtOrAbove(list, edge));
      if (list.length === 0) map.delete(key);
    };
    for (const entry of dropped) {
      trim(this.byOrder, entry.orderUid);
      trim(this.byAction, entry.action);
      const actions = this.byActor.get(entry.actor.uid);
      if (!actions) continue;
      trim(actions, entry.action);
      if (actions.size === 0) this.byActor.delete(entry.actor.uid);
    }
    return dropped;
  }

  /** The query's page, newest first: the matching lists merged, each read from its upper bound down. */
  page(query: ActivityQuery): ActivityEntry[] {
    const below = idBelow(query);
    const lowest = idAt(query.fromMs);
    const heads = this.listsFor(query).map((list) => ({
      list,
      at: (below === null ? list.length : firstAtOrAbove(list, below)) - 1,
    }));
    const found: ActivityEntry[] = [];
    while (found.length < query.limit) {
      let newest: (typeof heads)[number] | null = null;
      for (const head of heads) {
        const entry = head.list[head.at];
        if (
          entry &&
          entry.id >= lowest &&
          (!newest || entry.id > (newest.list[newest.at] as ActivityEntry).id)
        )
          newest = head;
      }
      if (!newest) break;
      found.push(newest.list[newest.at] as ActivityEntry);
      newest.at--;
    }
    return found;
  }

  /** One order's newest `limit` entries, newest first. */
  forOrder(orderUid: string, limit: number): ActivityEntry[] {
    return (this.byOrder.get(orderUid) ?? []).slice(-limit).reverse();
  }

  /** How many entries `actorUid` has recorded since `ms`. */
  countSince(actorUid: string, ms: number): number {
    let count = 0;
    for (const list of this.byActor.get(actorUid)?.values() ?? [])
      count += list.length - firstAtOrAbove(list, idAt(ms));
    return count;
  }

  private listsFor(query: ActivityQuery): ActivityEntry[][] {
    const actions = query.actions && query.actions.length > 0 ? [...new Set(query.actions)] : null;
    const pick = (map: Map<ActivityAction, ActivityEntry[]>) =>
      actions ? actions.map((a) => map.get(a) ?? []) : [...map.values()];
    if (query.userId !== undefined) {
      const mine = this.byActor.get(query.userId);
      return mine ? pick(mine) : [];
    }
    return actions ? pick(this.byAction) : [this.all];
  }
}
