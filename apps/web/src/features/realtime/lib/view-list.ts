import type { ViewCounts } from '@waybill/contracts';

/** The saved views a menu shows: their `viewKey`s and the `listing` token `views.list` gave with them. */
export interface ShownViews {
  keys: readonly string[];
  listing: string | undefined;
}

/**
 * Whether a `views.counts` message says the menu's list is out of date. Comparing keys alone misses a
 * colleague renaming or refiltering a shared view (same owner and id, so the same key), hence the
 * listing token, which changes with anything `views.list` would give differently.
 */
export function viewListOutOfDate(message: ViewCounts, shown: ShownViews): boolean {
  if (message.listing !== shown.listing) return true;
  const keys = Object.keys(message.counts);
  return keys.length !== shown.keys.length || keys.some((k) => !shown.keys.includes(k));
}
