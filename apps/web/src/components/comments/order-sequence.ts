import type { OrdersFilter } from '@waybill/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The orders queue as the orders list last showed it, shared between the list and the order detail
 * (features never import each other, so the shared piece lives here): every listed order in list
 * order (whether it has comments), the list's filter and URL, and whether more rows follow. The
 * detail's previous/next arrows walk the orders with comments around the open one; when none follows
 * in the loaded rows, the detail reads further pages of the same filter and appends them here.
 */
export interface QueueEntry {
  uid: string;
  commented: boolean;
}

export interface OrderQueue {
  entries: readonly QueueEntry[];
  /** The list's filter (null before any list showed). */
  filter: OrdersFilter | null;
  /** More rows follow the entries under this filter. */
  hasMore: boolean;
  /** The list URL (path and query) the detail returns to. */
  listHref: string;
}

/** Where the list should put the user back when the detail closes. */
export interface ListReturn {
  scrollY: number;
  /** The order shown last: its row gets the focus back. */
  uid: string | null;
}

const EMPTY: OrderQueue = { entries: [], filter: null, hasMore: false, listHref: '/realtime' };
let queue: OrderQueue = EMPTY;
let listEntries: readonly QueueEntry[] = [];
let pendingReturn: ListReturn | null = null;
const listeners = new Set<() => void>();

const sameEntries = (a: readonly QueueEntry[], b: readonly QueueEntry[]) =>
  a.length === b.length && a.every((e, i) => e.uid === b[i]?.uid && e.commented === b[i]?.commented);

function set(next: OrderQueue): void {
  queue = next;
  for (const listener of listeners) listener();
}

/** The list publishes what it shows; rows read further by the detail stay while the filter holds. */
export function publishOrderQueue(next: {
  entries: readonly QueueEntry[];
  filter: OrdersFilter;
  hasMore: boolean;
  listHref: string;
}): void {
  const sameFilter = queue.filter !== null && JSON.stringify(queue.filter) === JSON.stringify(next.filter);
  const listed = new Set(next.entries.map((e) => e.uid));
  const extra = sameFilter ? queue.entries.slice(listEntries.length).filter((e) => !listed.has(e.uid)) : [];
  const entries = [...next.entries, ...extra];
  const hasMore = extra.length > 0 ? queue.hasMore : next.hasMore;
  if (
    sameFilter &&
    sameEntries(entries, queue.entries) &&
    hasMore === queue.hasMore &&
    next.listHref === queue.listHref
  ) {
    listEntries = next.entries;
    return;
  }
  listEntries = next.entries;
  set({ entries, filter: next.filter, hasMore, listHref: next.listHref });
}

/** Rows of the same filter read past the list's end (from `skip`); ignored when the queue moved on. */
export function extendOrderQueue(skip: number, entries: readonly QueueEntry[], hasMore: boolean): void {
  if (queue.entries.length !== skip) return;
  const known = new Set(queue.entries.map((e) => e.uid));
  set({ ...queue, entries: [...queue.entries, ...entries.filter((e) => !known.has(e.uid))], hasMore });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOrderQueue(): OrderQueue {
  return useSyncExternalStore(subscribe, () => queue);
}

/** Read once by the list after the detail closes. */
export function requestListReturn(value: ListReturn): void {
  pendingReturn = value;
}

export function takeListReturn(): ListReturn | null {
  const value = pendingReturn;
  pendingReturn = null;
  return value;
}

/** The neighbours of `uid` in the sequence (null at either end or when it is not in the list). */
export function neighbours(
  list: readonly string[],
  uid: string,
): { previous: string | null; next: string | null } {
  const index = list.indexOf(uid);
  if (index < 0) return { previous: null, next: null };
  return { previous: list[index - 1] ?? null, next: list[index + 1] ?? null };
}

/**
 * The nearest orders with comments before and after `uid` in the queue (the rule of the detail's
 * arrows), whether or not `uid` itself has comments (an order opened through 'Add comment' has none).
 * `index` is -1 when `uid` is not in the queue.
 */
export function queueNeighbours(
  entries: readonly QueueEntry[],
  uid: string,
): { previous: string | null; next: string | null; index: number } {
  const index = entries.findIndex((e) => e.uid === uid);
  if (index < 0) return { previous: null, next: null, index };
  let previous: string | null = null;
  for (let i = index - 1; i >= 0 && previous === null; i--)
    if (entries[i]?.commented) previous = entries[i]!.uid;
  let next: string | null = null;
  for (let i = index + 1; i < entries.length && next === null; i++)
    if (entries[i]?.commented) next = entries[i]!.uid;
  return { previous, next, index };
}

/** Forgets the queue (tests). */
export function resetOrderQueue(): void {
  queue = EMPTY;
  listEntries = [];
  pendingReturn = null;
}
