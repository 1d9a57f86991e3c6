import {
  type AssignedUserStatisticsRow,
  assignableUsers,
  courierLongName,
  type FulfillmentCenter,
  type OrderStatisticsRow,
  PLATFORM_DISPLAY_NAMES,
  type SellingChannel,
  type SellingChannelKind,
  sellingChannelName,
  sortByCount,
  sortByUrgency,
  statisticsRowCounts,
  toggleCourier,
  type User,
} from '@waybill/contracts';

/** One entry of a filter dropdown (matches the shared DropdownFilter's option shape). */
export interface FilterOption {
  value: string;
  label: string;
  count: number;
  hint?: string;
}

/** Orders statistics rows carry display priorities 0 to 3. */
const MAX_PRIORITY = 3;

/**
 * Not a stated rule; decided in docs/decisions/contracts.md: warehouse, merchant and courier options
 * keep contracts' count-then-name order.
 */
const byCountThenName = (options: FilterOption[]) =>
  sortByCount(options, (o) => ({ count: o.count, name: o.label }));

const countMap = <R extends { key: string | null }>(rows: readonly R[]) =>
  new Map(rows.filter((r) => r.key !== null).map((r) => [r.key as string, r]));

/**
 * Assigned-user options: contracts' assignable users (superadmins left out) in contracts' urgency
 * order: priority index, then count descending, then name.
 */
export function assignedUserOptions(
  users: readonly User[],
  statistics: readonly AssignedUserStatisticsRow[],
): FilterOption[] {
  const stats = countMap(statistics);
  const entries = assignableUsers(users).map((u) => {
    const row = stats.get(u.uid);
    const option: FilterOption = {
      value: u.uid,
      label: u.name,
      count: row?.count_general ?? 0,
      ...(u.department ? { hint: u.department.replace('_', ' ') } : {}),
    };
    return { option, counts: statisticsRowCounts(row ?? {}, MAX_PRIORITY) };
  });
  return sortByUrgency(entries, (e) => ({
    counts: e.counts,
    count: e.option.count,
    name: e.option.label,
  })).map((e) => e.option);
}

export function warehouseOptions(
  centers: readonly FulfillmentCenter[],
  statistics: readonly OrderStatisticsRow[],
): FilterOption[] {
  const stats = countMap(statistics);
  return byCountThenName(
    centers.map((fc) => {
      const country = fc.display_address?.country_code ?? fc.address?.country_code ?? undefined;
      return {
        value: fc.uid,
        label: fc.name,
        count: stats.get(fc.uid)?.count_general ?? 0,
        ...(country ? { hint: country } : {}),
      };
    }),
  );
}

export function platformName(kind: string): string {
  return PLATFORM_DISPLAY_NAMES[kind as SellingChannelKind] ?? kind;
}

export function merchantOptions(
  channels: readonly SellingChannel[],
  statistics: readonly OrderStatisticsRow[],
): FilterOption[] {
  const stats = countMap(statistics);
  return byCountThenName(
    channels.map((sc) => ({
      value: sc.uid,
      label: sellingChannelName(sc),
      count: stats.get(sc.uid)?.count_general ?? 0,
      hint: platformName(sc.kind),
    })),
  );
}

/** Couriers that have statistics rows (plus any selected ones), labelled with contracts' courierLongName. */
export function courierOptions(
  statistics: readonly OrderStatisticsRow[],
  selected: readonly string[],
): FilterOption[] {
  const stats = countMap(statistics);
  const keys = new Set([...stats.keys(), ...selected]);
  return byCountThenName(
    [...keys].map((key) => ({
      value: key,
      label: courierLongName(key),
      count: stats.get(key)?.count_general ?? 0,
    })),
  );
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
