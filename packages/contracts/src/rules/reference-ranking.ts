/** A reference as people type it: case and a leading '#' (as the console shows it) do not count. */
export function normalReference(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/^#/, '').trim().toLowerCase();
}

/** 0: the reference is the query, 1: it starts with the query, 2: anything else. */
export function referenceRank(query: string, reference: string | null | undefined): 0 | 1 | 2 {
  const q = normalReference(query);
  const r = normalReference(reference);
  if (q === '' || r === '') return 2;
  if (r === q) return 0;
  return r.startsWith(q) ? 1 : 2;
}

/**
 * Orders looked up by reference, best first: the exact reference, then references starting with the
 * query, then the rest; within each, the order they came in (the backend's). A new array.
 */
export function rankByReference<T extends { reference: string | null }>(
  query: string,
  orders: readonly T[],
): T[] {
  return orders
    .map((order, index) => ({ order, index, rank: referenceRank(query, order.reference) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.order);
}
