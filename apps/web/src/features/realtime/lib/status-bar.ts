import {
  isAllStatuses,
  isStatusGroupSelected,
  ORDER_STATUS_GROUPS,
  type OrderStatusGroupId,
  type StatusesStatistics,
  showStatusGroupButtons,
} from '@waybill/contracts';

export interface StatusGroupButton {
  id: OrderStatusGroupId;
  label: string;
  count: number;
  selected: boolean;
}

/** Statuses with at least one order in the current statistics. */
export function availableStatuses(stats: StatusesStatistics | null | undefined): string[] {
  return (stats ?? []).filter((s) => s.count > 0).map((s) => s.key);
}

/** Group buttons with their order counts; a selected group stays visible so it can be cleared. */
export function statusGroupButtons(
  stats: StatusesStatistics | null | undefined,
  selected: readonly string[],
): StatusGroupButton[] {
  const counts = new Map((stats ?? []).map((s) => [s.key, s.count]));
  return ORDER_STATUS_GROUPS.map((group) => ({
    id: group.id,
    label: group.label,
    count: group.statuses.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0),
    selected: isStatusGroupSelected(selected, group.id),
  }));
}

/**
 * The status-group bar is hidden when one or fewer statuses are available, except while a
 * status selection is active: the user must always be able to clear it.
 */
export function isStatusBarVisible(
  stats: StatusesStatistics | null | undefined,
  selected: readonly string[],
): boolean {
  return !isAllStatuses(selected) || showStatusGroupButtons(availableStatuses(stats).length);
}
