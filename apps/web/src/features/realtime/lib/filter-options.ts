import {
  type AssignedUserStatisticsRow,
  COURIERS,
  type FulfillmentCenter,
  isCourierKey,
  mostUrgentPriority,
  type OrderStatisticsRow,
  PLATFORM_DISPLAY_NAMES,
  type SellingChannel,
  type SellingChannelKind,
  toggleCourier,
  type User,
} from '@waybill/contracts';

/** One entry of a filter dropdown (matches the shared DropdownFilter's option shape). */
export interface FilterOption {
  value: string;
  label: string;
  count?: number;
  hint?: string;
  /** Most urgent priority with orders (0 first); null when none. */
  urgency?: number | null;
}

const byCountThenName = (a: FilterOption, b: FilterOption) =>
  (b.count ?? 0) - (a.count ?? 0) || a.label.localeCompare(b.label);

const countMap = (rows: readonly { key: string | null; count_general: number }[]) =>
  new Map(rows.filter((r) => r.key !== null).map((r) => [r.key as string, r]));

const urgencyOf = (row: Partial<OrderStatisticsRow | AssignedUserStatisticsRow> | undefined) =>
  row
    ? mostUrgentPriority([
        row.count_display_priority_0 ?? 0,
        row.count_display_priority_1 ?? 0,
        row.count_display_priority_2 ?? 0,
        row.count_display_priority_3 ?? 0,
      ])
    : null;

/**
 * Assigned-user options: superadmins left out; ordered by priority index (most urgent first, users
 * without urgent orders last), then count descending, then name (spec 6).
 */
export function assignedUserOptions(
  users: readonly User[],
  statistics: readonly AssignedUserStatisticsRow[],
): FilterOption[] {
  const stats = countMap(statistics);
  return users
    .filter((u) => !u.superadmin)
    .map((u) => {
      const row = stats.get(u.uid);
      return {
        value: u.uid,
        label: u.name,
        count: row?.count_general ?? 0,
        urgency: urgencyOf(row),
        ...(u.department ? { hint: u.department.replace('_', ' ') } : {}),
      };
    })
    .sort(
      (a, b) =>
        (a.urgency ?? 99) - (b.urgency ?? 99) ||
        (b.count ?? 0) - (a.count ?? 0) ||
        a.label.localeCompare(b.label),
    );
}

/**
 * The user's own default in the assigned-user filter: customer_support starts on 'All users';
 * other departments start on themselves. Superadmins (left out of the list) start on all users.
 */
export function defaultAssignedUsers(user: Pick<User, 'uid' | 'department' | 'superadmin'> | null): string[] {
  if (!user || user.superadmin || !user.department || user.department === 'customer_support') return [];
  return [user.uid];
}

export function warehouseOptions(
  centers: readonly FulfillmentCenter[],
  statistics: readonly OrderStatisticsRow[],
): FilterOption[] {
  const stats = countMap(statistics);
  return centers
    .map((fc) => {
      const country = fc.display_address?.country_code ?? fc.address?.country_code ?? undefined;
      return {
        value: fc.uid,
        label: fc.name,
        count: stats.get(fc.uid)?.count_general ?? 0,
        ...(country ? { hint: country } : {}),
      };
    })
    .sort(byCountThenName);
}

export function platformName(kind: string): string {
  return PLATFORM_DISPLAY_NAMES[kind as SellingChannelKind] ?? kind;
}

export function merchantOptions(
  channels: readonly SellingChannel[],
  statistics: readonly OrderStatisticsRow[],
): FilterOption[] {
  const stats = countMap(statistics);
  return channels
    .map((sc) => ({
      value: sc.uid,
      label: sc.alias?.trim() || sc.name,
      count: stats.get(sc.uid)?.count_general ?? 0,
      hint: platformName(sc.kind),
    }))
    .sort(byCountThenName);
}

/** Couriers that have statistics rows (plus any selected ones), labelled with their long names. */
export function courierOptions(
  statistics: readonly OrderStatisticsRow[],
  selected: readonly string[],
): FilterOption[] {
  const stats = countMap(statistics);
  const keys = new Set([...stats.keys(), ...selected]);
  return [...keys]
    .map((key) => ({
      value: key,
      label: isCourierKey(key) ? COURIERS[key].long : key,
      count: stats.get(key)?.count_general ?? 0,
    }))
    .sort(byCountThenName);
}

/**
 * The dropdown reports the whole next selection; find the one key that changed and toggle it
 * with the cargus pairing rule (cargus_ro and urgent_cargus together).
 */
export function nextCourierSelection(current: readonly string[], next: readonly string[]): string[] {
  if (next.length === 0) return [];
  const added = next.find((k) => !current.includes(k));
  const removed = current.find((k) => !next.includes(k));
  const changed = added ?? removed;
  return changed ? toggleCourier(current, changed) : [...current];
}
