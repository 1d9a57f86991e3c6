import { useSyncExternalStore } from 'react';

/**
 * The uids of the orders with comments, in list order, as the orders list last showed them. The
 * detail's previous/next arrows walk this sequence; the list publishes it (features never import
 * each other, so the shared piece lives here).
 */
let sequence: readonly string[] = [];
const listeners = new Set<() => void>();

export function publishOrderSequence(uids: readonly string[]): void {
  if (uids.length === sequence.length && uids.every((uid, i) => uid === sequence[i])) return;
  sequence = [...uids];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOrderSequence(): readonly string[] {
  return useSyncExternalStore(subscribe, () => sequence);
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
