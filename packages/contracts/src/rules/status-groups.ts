import { ORDER_STATUS_GROUPS, type OrderStatusGroupId, WAREHOUSE_STATUSES } from '../enums/order-status.js';
import { toggleValues } from '../filters/common.js';

/** Status-bar groups ("Filter groups"). */
export type OrderStatusGroup = (typeof ORDER_STATUS_GROUPS)[number];

export function statusGroupById(id: OrderStatusGroupId | string): OrderStatusGroup | undefined {
  return ORDER_STATUS_GROUPS.find((g) => g.id === id);
}

/** The group a status belongs to, or null for statuses outside every group (e.g. new_). */
export function statusGroupOf(status: string): OrderStatusGroupId | null {
  return ORDER_STATUS_GROUPS.find((g) => (g.statuses as readonly string[]).includes(status))?.id ?? null;
}

/** Statuses of a group (empty for an unknown id). */
export function statusesOfGroup(id: OrderStatusGroupId | string): string[] {
  return [...(statusGroupById(id)?.statuses ?? [])];
}

/** Toggling a group: if all its statuses are selected they are removed, otherwise the missing ones are added. */
export function toggleStatusGroup(selected: readonly string[], id: OrderStatusGroupId | string): string[] {
  const statuses = statusesOfGroup(id);
  // An unknown group changes nothing (toggleValues would treat no values as "clear all").
  if (statuses.length === 0) return [...selected];
  return toggleValues(selected, statuses);
}

/** A group button is active when all of its statuses are selected. */
export function isStatusGroupSelected(selected: readonly string[], id: OrderStatusGroupId | string): boolean {
  const statuses = statusesOfGroup(id);
  return statuses.length > 0 && statuses.every((s) => selected.includes(s));
}

/** An empty selection means All Statuses. */
export function isAllStatuses(selected: readonly string[]): boolean {
  return selected.length === 0;
}

/** Status-group icon buttons are hidden when one or fewer statuses are available. */
export function showStatusGroupButtons(availableStatusCount: number): boolean {
  return availableStatusCount > 1;
}

/** Display-priority toggle: same rule as statuses (all chosen present → remove, else add; empty → clear). */
export function toggleDisplayPriorities(
  selected: readonly number[],
  priorities: readonly number[],
): number[] {
  return toggleValues(selected, priorities);
}

/** Statuses handled inside the warehouse: ready_for_picking, in_picking, waiting_for_courier, back_to_sender. */
export function isWarehouseStatus(status: string): boolean {
  return (WAREHOUSE_STATUSES as readonly string[]).includes(status);
}
