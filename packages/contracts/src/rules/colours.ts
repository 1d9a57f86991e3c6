import type { Department } from '../enums/common.js';
import type { InboundStatus } from '../enums/order-status.js';

/** Colour tokens: the web app maps each to its palette; rules only ever return these names. */
export type Colour =
  | 'red'
  | 'light-red'
  | 'orange'
  | 'yellow'
  | 'green'
  | 'light-blue'
  | 'blue'
  | 'gray'
  | 'pink'
  | 'black';
export type DarkColour = 'dark-red' | 'dark-orange' | 'dark-yellow' | 'dark-green' | 'dark-blue';

/** Order row colour by display_priority: 0 red, 1 light red, 2 orange, 3 yellow, 4 green, 5 light blue, else red. */
export function orderRowColour(priority: number | null | undefined): Colour {
  switch (priority) {
    case 1:
      return 'light-red';
    case 2:
      return 'orange';
    case 3:
      return 'yellow';
    case 4:
      return 'green';
    case 5:
      return 'light-blue';
    default:
      return 'red';
  }
}

/** Counts per display priority, indexed 0.. (missing entries count as 0). */
export type PriorityCounts = readonly (number | undefined)[];

/** Summary card colour: the worst non-empty bucket among priorities 0-3, otherwise green. */
export function orderSummaryCardColour(counts: PriorityCounts): Colour {
  for (let p = 0; p <= 3; p++) if ((counts[p] ?? 0) > 0) return orderRowColour(p);
  return 'green';
}

/**
 * Comment overview colour. customer_support sees 0/1 red, 2 orange, 3 yellow, 4 green, 5 blue;
 * other departments (and users without one) see 0-1 orange and 2-5 red; any other priority is black.
 */
export function commentOverviewColour(
  priority: number | null | undefined,
  department: Department | null,
): Colour {
  if (
    priority === null ||
    priority === undefined ||
    !Number.isInteger(priority) ||
    priority < 0 ||
    priority > 5
  ) {
    return 'black';
  }
  if (department === 'customer_support') {
    return (['red', 'red', 'orange', 'yellow', 'green', 'blue'] as const)[priority] ?? 'black';
  }
  return priority <= 1 ? 'orange' : 'red';
}

/** Order detail uses darker variants: 0/1 dark red, 2 dark orange, 3 dark yellow, 4 dark green, 5 dark blue. */
export function orderDetailColour(priority: number | null | undefined): DarkColour {
  switch (priority) {
    case 2:
      return 'dark-orange';
    case 3:
      return 'dark-yellow';
    case 4:
      return 'dark-green';
    case 5:
      return 'dark-blue';
    default:
      return 'dark-red';
  }
}

/** Line-item row: pink when items are missing, otherwise yellow; green for priority 4, blue for 5. */
export function lineItemRowColour(item: { missing_quantity: number }, orderPriority: number): Colour {
  if (item.missing_quantity > 0) return 'pink';
  if (orderPriority === 4) return 'green';
  if (orderPriority === 5) return 'blue';
  return 'yellow';
}

/** Footer text colour follows the priority colour of the last order in the list. */
export function footerColour(orders: readonly { display_priority: number }[]): Colour {
  return orderRowColour(orders.at(-1)?.display_priority);
}

const INBOUND_PRIORITY_COLOURS = ['red', 'light-red', 'orange', 'yellow', 'green', 'blue', 'gray'] as const;

/** Inbound colour by display priority: 0 red .. 5 blue, 6 gray; null when the priority is unknown. */
export function inboundPriorityColour(priority: number | null | undefined): Colour | null {
  if (typeof priority !== 'number') return null;
  return INBOUND_PRIORITY_COLOURS[priority] ?? null;
}

/** Without a priority, by status: completed green, cancelled blue, in_transit yellow, arrived orange, processing light red, else gray. */
export function inboundStatusColour(status: InboundStatus | string): Colour {
  switch (status) {
    case 'completed':
      return 'green';
    case 'cancelled':
      return 'blue';
    case 'in_transit':
      return 'yellow';
    case 'arrived':
      return 'orange';
    case 'processing':
      return 'light-red';
    default:
      return 'gray';
  }
}

/** Inbound row/header colour: by display priority, or by status when there is none. */
export function inboundColour(inbound: { display_priority: number | null; status: string }): Colour {
  return inboundPriorityColour(inbound.display_priority) ?? inboundStatusColour(inbound.status);
}

/** A red inbound row shows an extra marker strip. */
export function inboundHasMarkerStrip(inbound: { display_priority: number | null; status: string }): boolean {
  return inboundColour(inbound) === 'red';
}

/** Index of the most urgent priority with a non-zero count (0 is most urgent), or null. */
export function mostUrgentPriority(counts: PriorityCounts): number | null {
  for (let p = 0; p < counts.length; p++) if ((counts[p] ?? 0) > 0) return p;
  return null;
}

/** Dropdown colour: the most urgent non-zero priority count, in the order red .. gray; null when all are 0. */
export function dropdownColour(counts: PriorityCounts): Colour | null {
  const p = mostUrgentPriority(counts);
  return p === null ? null : inboundPriorityColour(p);
}

/** Product row of an inbound: pink when missing, defects or junk > 0; else green when completed, blue when cancelled/deleted, else yellow. */
export function inboundProductRowColour(
  item: { missing: number; defects: number; junk: number },
  status: InboundStatus | string,
): Colour {
  if (item.missing > 0 || item.defects > 0 || item.junk > 0) return 'pink';
  if (status === 'completed') return 'green';
  if (status === 'cancelled' || status === 'deleted') return 'blue';
  return 'yellow';
}

/** Only green product rows show a check mark. */
export function inboundProductRowChecked(
  item: { missing: number; defects: number; junk: number },
  status: InboundStatus | string,
): boolean {
  return inboundProductRowColour(item, status) === 'green';
}

/** Store activity priority colour: 0 green, 1 yellow, 2 orange, 3 light red, 4 red (anything else red). */
export function storeActivityColour(priority: number | null | undefined): Colour {
  return (['green', 'yellow', 'orange', 'light-red', 'red'] as const)[priority ?? -1] ?? 'red';
}
