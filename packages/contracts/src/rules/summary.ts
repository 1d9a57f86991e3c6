import { COMPACT_SUMMARY_THRESHOLD, SUMMARY_K_THRESHOLD } from '../constants.js';
import type { StoreStatus } from '../enums/common.js';
import { toggleValues } from '../filters/common.js';
import { type Colour, inboundPriorityColour, orderRowColour } from './colours.js';

/** Summary cards of the orders, inbounds and clients screens. */
export interface SummaryCard<Id extends string = string> {
  id: Id;
  label: string;
  priorities: readonly number[];
  count: number;
  /** Whether the number is printed on the card. */
  countVisible: boolean;
  colour: Colour;
}

/** display_priority_N counts as the statistics schemas carry them (loose objects); missing ones count as 0. */
export type PriorityStats = Readonly<Record<string, unknown>>;
/** One display_priority_N count; anything missing or not a number counts as 0. */
export function priorityCount(stats: PriorityStats, priority: number): number {
  const value = stats[`display_priority_${priority}`];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
const countOf = (stats: PriorityStats, priorities: readonly number[]) =>
  priorities.reduce((sum, p) => sum + priorityCount(stats, p), 0);
const worstColour = (stats: PriorityStats, priorities: readonly number[], colourOf: (p: number) => Colour) =>
  colourOf(priorities.find((p) => priorityCount(stats, p) > 0) ?? priorities[0] ?? 0);

export const ORDER_SUMMARY_BUCKETS = [
  { id: 'errors', label: 'Issues & Errors', priorities: [0, 1], countVisible: true },
  { id: 'alerts', label: 'Alerts & Warnings', priorities: [2], countVisible: true },
  { id: 'traffic', label: 'In Warehouse & In Traffic', priorities: [3], countVisible: true },
  { id: 'done', label: 'Delivered & Done', priorities: [4], countVisible: false },
  { id: 'cancels', label: 'Cancels & Returns', priorities: [5], countVisible: false },
] as const;
export type OrderSummaryBucketId = (typeof ORDER_SUMMARY_BUCKETS)[number]['id'];

/** Orders: Issues & Errors 0+1, Alerts & Warnings 2, In Warehouse & In Traffic 3, Delivered & Done 4, Cancels & Returns 5. */
export function orderSummaryCards(stats: PriorityStats): SummaryCard<OrderSummaryBucketId>[] {
  return ORDER_SUMMARY_BUCKETS.map((b) => ({
    ...b,
    count: countOf(stats, b.priorities),
    colour: worstColour(stats, b.priorities, orderRowColour),
  }));
}

/** Counts of 100000 or more show as whole thousands with 'k'. */
export function formatSummaryCount(count: number): string {
  if (count >= SUMMARY_K_THRESHOLD) return `${Math.floor(count / 1000)}k`;
  return String(count);
}

/** Orders compact mode: any error, alert or traffic count reaches 10000 (cards widen, done/cancel numbers hidden). */
export function isOrderSummaryCompact(stats: PriorityStats): boolean {
  return orderSummaryCards(stats).some((c) => c.countVisible && c.count >= COMPACT_SUMMARY_THRESHOLD);
}

/** The thin divider shows only when every count except done/cancel is above zero and the list is not in its empty state. */
export function showSummaryDivider(stats: PriorityStats, isEmptyState: boolean): boolean {
  if (isEmptyState) return false;
  return orderSummaryCards(stats)
    .filter((c) => c.countVisible)
    .every((c) => c.count > 0);
}

export const INBOUND_SUMMARY_BUCKETS = [
  {
    id: 'errors',
    label: 'Issues & Errors',
    barLabel: 'Errors',
    priorities: [0, 1],
    barCountVisible: true,
  },
  {
    id: 'alerts',
    label: 'Alerts & Warnings',
    barLabel: 'Alerts',
    priorities: [2],
    barCountVisible: true,
  },
  {
    id: 'onSchedule',
    label: 'On Schedule Inbounds',
    barLabel: 'On Schedule',
    priorities: [3],
    barCountVisible: true,
  },
  {
    id: 'processed',
    label: 'Processed Inbounds',
    barLabel: 'Processed',
    priorities: [4],
    barCountVisible: false,
  },
  {
    id: 'cancel',
    label: 'Deleted & Drafts',
    barLabel: 'Cancel',
    priorities: [5, 6],
    barCountVisible: false,
  },
] as const;
export type InboundSummaryBucketId = (typeof INBOUND_SUMMARY_BUCKETS)[number]['id'];

const FORCED_BUCKETS: readonly InboundSummaryBucketId[] = ['processed', 'cancel'];
/** Priorities of the processed and cancelled buckets, the ones that can be forced on. */
export const INBOUND_FORCED_PRIORITIES: readonly number[] = INBOUND_SUMMARY_BUCKETS.filter((b) =>
  FORCED_BUCKETS.includes(b.id),
).flatMap((b) => b.priorities);

export interface ToggleCard<Id extends string = string> extends SummaryCard<Id> {
  /** A card shows only when its count is above 0. */
  visible: boolean;
  /** The card's priorities are part of the filter (or the card is forced on). */
  enabled: boolean;
}

export interface InboundSummaryCard extends ToggleCard<InboundSummaryBucketId> {
  /** Label of the same bucket in the priority filter bar. */
  barLabel: string;
  /** The bar shows counts for errors, alerts and on schedule only. */
  barCountVisible: boolean;
}

/** A bucket is selected when all of its priorities are in the filter. */
export function prioritiesSelected(priorities: readonly number[], selected: readonly number[]): boolean {
  return priorities.every((p) => selected.includes(p));
}

/** Processed and cancelled cards are forced enabled when the error, alert and on-schedule counts are all 0. */
export function inboundCardsForced(stats: PriorityStats): boolean {
  return countOf(stats, [0, 1, 2, 3]) === 0;
}

/**
 * Inbounds: errors 0+1, alerts 2, on schedule 3, processed 4, cancel 5+6. Each bucket keeps the colour
 * of its first priority. `forced` defaults to these stats; a screen passes the value its request used.
 */
export function inboundSummaryCards(
  stats: PriorityStats,
  selected: readonly number[],
  forced: boolean = inboundCardsForced(stats),
): InboundSummaryCard[] {
  const compact = isInboundSummaryCompact(stats);
  return INBOUND_SUMMARY_BUCKETS.map((b) => {
    const count = countOf(stats, b.priorities);
    const isForced = forced && FORCED_BUCKETS.includes(b.id);
    return {
      ...b,
      count,
      // Compact mode hides the processed and deleted numbers; otherwise every card shows its count.
      countVisible: b.barCountVisible || !compact,
      colour: inboundPriorityColour(b.priorities[0]) ?? 'gray',
      visible: count > 0,
      enabled: prioritiesSelected(b.priorities, selected) || isForced,
    };
  });
}

/** Inbounds compact mode: any count is 10000 or more. */
export function isInboundSummaryCompact(stats: PriorityStats): boolean {
  return INBOUND_SUMMARY_BUCKETS.some((b) => countOf(stats, b.priorities) >= COMPACT_SUMMARY_THRESHOLD);
}

/**
 * Clicking a bucket card toggles its display priorities (all present → removed, else added). The
 * result is in ascending order, so the same selection is always the same request filter.
 */
export function toggleBucketPriorities(selected: readonly number[], priorities: readonly number[]): number[] {
  return toggleValues(selected, priorities).sort((a, b) => a - b);
}

export const CLIENT_ACTIVITY_CARDS = [
  { priority: 0, label: 'Super Active' },
  { priority: 1, label: 'Highly Active' },
  { priority: 2, label: 'Fairly Active' },
  { priority: 3, label: 'Slightly Active' },
  { priority: 4, label: 'Completely Inactive' },
] as const;

export interface ClientActivityCard {
  priority: number;
  label: string;
  count: number;
  visible: boolean;
  enabled: boolean;
}

/** Clients activity cards: shown only when the count is above 0; enabled when their priority is selected. */
export function clientActivityCards(stats: PriorityStats, selected: readonly number[]): ClientActivityCard[] {
  return CLIENT_ACTIVITY_CARDS.map((c) => {
    const count = priorityCount(stats, c.priority);
    return { ...c, count, visible: count > 0, enabled: selected.includes(c.priority) };
  });
}

/** A click on a clients card is ignored when it is the only enabled (visible) one; otherwise it toggles. */
export function toggleClientActivityCard(
  selected: readonly number[],
  priority: number,
  stats: PriorityStats,
): number[] {
  const enabled = clientActivityCards(stats, selected).filter((c) => c.visible && c.enabled);
  if (enabled.length === 1 && enabled[0]?.priority === priority) return [...selected];
  return toggleValues(selected, [priority]);
}

/** Store-status toggle group: the last selected option cannot be deselected. */
export function toggleStoreStatus(selected: readonly StoreStatus[], status: StoreStatus): StoreStatus[] {
  if (selected.length === 1 && selected[0] === status) return [...selected];
  return toggleValues(selected, [status]);
}
