import type { User } from '../backend/reference.js';
import { DROPDOWN_MAX_ENTRIES } from '../constants.js';
import { mostUrgentPriority, type PriorityCounts } from './colours.js';

/** Filter dropdown rules: the 23-entry cap, urgency ordering and the assigned-user option. */
export type MoreNoun = 'Merchants' | 'Couriers' | 'Statuses';

export interface CappedDropdown<T> {
  visible: T[];
  /** The non-clickable '+ N More …' entry with the summed count of the hidden entries. */
  more: { hidden: number; count: number; label: string } | null;
}

/** Dropdowns show at most 23 entries; the rest collapse into '+ N More Merchants/Couriers/Statuses'. */
export function capDropdown<T>(
  entries: readonly T[],
  countOf: (entry: T) => number,
  noun: MoreNoun,
  max: number = DROPDOWN_MAX_ENTRIES,
): CappedDropdown<T> {
  if (entries.length <= max) return { visible: [...entries], more: null };
  const hidden = entries.slice(max);
  const count = hidden.reduce((sum, e) => sum + countOf(e), 0);
  return {
    visible: entries.slice(0, max),
    more: { hidden: hidden.length, count, label: `+ ${hidden.length} More ${noun}` },
  };
}

/** Priority counts of an orders statistics row (0-3) or inbound statistics row (0-6). */
export function statisticsRowCounts(row: Readonly<Record<string, unknown>>, max: number): number[] {
  return Array.from({ length: max + 1 }, (_, p) => {
    const value = row[`count_display_priority_${p}`];
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  });
}

/** What an entry is ordered by: its priority counts, the count it shows, and its name. */
export interface UrgencyKey {
  counts: PriorityCounts;
  count: number;
  name: string;
}

/** Sort key: urgency (most urgent non-zero priority, none last), then the shown count desc, then name. */
export function compareByUrgency(a: UrgencyKey, b: UrgencyKey): number {
  const ua = mostUrgentPriority(a.counts) ?? Number.POSITIVE_INFINITY;
  const ub = mostUrgentPriority(b.counts) ?? Number.POSITIVE_INFINITY;
  if (ua !== ub) return ua < ub ? -1 : 1;
  if (a.count !== b.count) return b.count - a.count;
  // English collation: letters before case, so 'alpha' < 'Beta' and 'abc' < 'Abc'.
  return a.name.localeCompare(b.name, 'en') || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** Dropdown options (and the assigned-user list) ordered by urgency asc, then count desc, then name. */
export function sortByUrgency<T>(entries: readonly T[], view: (entry: T) => UrgencyKey): T[] {
  return entries
    .map((entry) => ({ entry, key: view(entry) }))
    .sort((a, b) => compareByUrgency(a.key, b.key))
    .map((x) => x.entry);
}

/** Superadmin users are left out of the assigned-user filter list. */
export function assignableUsers<U extends Pick<User, 'superadmin'>>(users: readonly U[]): U[] {
  return users.filter((u) => !u.superadmin);
}

/** Own-user option of the assigned-user filter: 'All users' for customer_support, otherwise the user's name. */
export function assignedUserFilterLabel(user: Pick<User, 'department' | 'name'>): string {
  return user.department === 'customer_support' ? 'All users' : user.name;
}
