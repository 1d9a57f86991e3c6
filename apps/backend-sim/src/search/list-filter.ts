/**
 * A list filter narrows only when it holds a value: an empty selection means all, the same as
 * an absent filter (status groups, display priorities and every other multi-select).
 */
export function listFilter<T>(list: readonly T[] | undefined): readonly T[] | null {
  return list && list.length > 0 ? list : null;
}

/** The list filter as a lookup set, or null when it does not narrow. */
export function listFilterSet<T>(list: readonly T[] | undefined): Set<T> | null {
  const values = listFilter(list);
  return values ? new Set(values) : null;
}
