import type { User } from '../backend/reference.js';
import { DROPDOWN_MAX_ENTRIES } from '../constants.js';
import { mostUrgentPriority, type PriorityCounts } from './colours.js';

/** Filter dropdown rules: the 23-entry cap, urgency ordering and the assigned-user option. */

/**
 * Noun of the '+ N More …' entry. Merchants, Couriers and Statuses are the stated nouns; the other
 * filter dropdowns read the same way ('Options' when a dropdown names none).
 */
export type MoreNoun =
  | 'Merchants'
  | 'Couriers'
  | 'Statuses'
  | 'Users'
  | 'Warehouses'
  | 'Countries'
  | 'Options';

export interface CappedDropdown<T> {
  visible: T[];
  /** The non-clickable '+ N More …' entry with the summed count of the hidden entries. */
  more: { hidden: number; count: number; label: string } | null;
}

/**
 * Dropdowns show at most 23 entries; the rest collapse into '+ N More Merchants/Couriers/Statuses'.
 * A selected entry is never collapsed (it keeps filtering, so it must show ticked where it can be
 * removed): it takes the place of the last unselected entries within the cap, and the order stays.
 */
export function capDropdown<T>(
  entries: readonly T[],
  countOf: (entry: T) => number,
  noun: MoreNoun,
  max: number = DROPDOWN_MAX_ENTRIES,
  isSelected: (entry: T) => boolean = () => false,
): CappedDropdown<T> {
  if (entries.length <= max) return { visible: [...entries], more: null };
  const kept = new Set(entries.filter(isSelected));
  for (const entry of entries) {
    if (kept.size >= max) break;
    kept.add(entry);
  }
  const visible = entries.filter((e) => kept.has(e));
  const hidden = entries.filter((e) => !kept.has(e));
  if (hidden.length === 0) return { visible, more: null };
  const count = hidden.reduce((sum, e) => sum + countOf(e), 0);
  return { visible, more: { hidden: hidden.length, count, label: `+ ${hidden.length} More ${noun}` } };
}

/**
 * A dropdown's options plus any selected value the statistics no longer list (its count dropped to
 * 0): a selected value keeps filtering, so it stays in the menu, with `missing` making its entry.
 */
export function withSelectedOptions<T extends { value: string }>(
  options: readonly T[],
  selected: readonly string[],
  missing: (value: string) => T,
): T[] {
  const absent = selected.filter((value) => !options.some((o) => o.value === value));
  return [...options, ...absent.map(missing)];
}

/** Priority counts of an orders statistics row (0-3) or inbound statistics row (0-6). */
export function statisticsRowCounts(row: Readonly<Record<string, unknown>>, max: number): number[] {
  return Array.from({ length: max + 1 }, (_, p) => {
    const value = row[`count_display_priority_${p}`];
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  });
}

/** What an entry without priorities is ordered by: the count it shows, and its name. */
export interface CountKey {
  count: number;
  name: string;
}

/** What an entry is ordered by: its priority counts, the count it shows, and its name. */
export interface UrgencyKey extends CountKey {
  counts: PriorityCounts;
}

/** Option names: English collation (letters before case, so 'alpha' < 'Beta' and 'abc' < 'Abc'), then code points. */
export function compareOptionNames(a: string, b: string): number {
  return a.localeCompare(b, 'en') || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The shown count desc, then name: the tie-break of the urgency order, and the order of dropdowns whose
 * options carry no priorities (or that have no stated urgency order).
 */
export function compareByCount(a: CountKey, b: CountKey): number {
  if (a.count !== b.count) return b.count - a.count;
  return compareOptionNames(a.name, b.name);
}

/** Sort key: urgency (most urgent non-zero priority, none last), then the shown count desc, then name. */
export function compareByUrgency(a: UrgencyKey, b: UrgencyKey): number {
  const ua = mostUrgentPriority(a.counts) ?? Number.POSITIVE_INFINITY;
  const ub = mostUrgentPriority(b.counts) ?? Number.POSITIVE_INFINITY;
  if (ua !== ub) return ua < ub ? -1 : 1;
  return compareByCount(a, b);
}

const sortByKey = <T, K>(
  entries: readonly T[],
  view: (entry: T) => K,
  compare: (a: K, b: K) => number,
): T[] =>
  entries
    .map((entry) => ({ entry, key: view(entry) }))
    .sort((a, b) => compare(a.key, b.key))
    .map((x) => x.entry);

/** Dropdown options (and the assigned-user list) ordered by urgency asc, then count desc, then name. */
export function sortByUrgency<T>(entries: readonly T[], view: (entry: T) => UrgencyKey): T[] {
  return sortByKey(entries, view, compareByUrgency);
}

/** Dropdown options ordered by the shown count desc, then name (no urgency). */
export function sortByCount<T>(entries: readonly T[], view: (entry: T) => CountKey): T[] {
  return sortByKey(entries, view, compareByCount);
}

/** Whether a user may appear in the assigned-user filter list (superadmins may not). */
export function isAssignableUser(user: Pick<User, 'superadmin'>): boolean {
  return !user.superadmin;
}

/** Superadmin users are left out of the assigned-user filter list. */
export function assignableUsers<U extends Pick<User, 'superadmin'>>(users: readonly U[]): U[] {
  return users.filter(isAssignableUser);
}

/** customer_support starts the assigned-user filter on 'All users'; the other departments on themselves. */
const startsOnAllUsers = (user: Pick<User, 'department'>) => user.department === 'customer_support';

/**
 * Default selection of the assigned-user filter: none ('All users') for customer_support, otherwise the
 * user, so the filter shows their name. A superadmin, left out of the list, and no user start on all users.
 */
export function assignedUserFilterDefault(
  user: Pick<User, 'uid' | 'department' | 'superadmin'> | null | undefined,
): string[] {
  if (!user || !isAssignableUser(user) || startsOnAllUsers(user)) return [];
  return [user.uid];
}
