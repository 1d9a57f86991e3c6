import type { Inbound } from '../backend/inbounds.js';
import {
  DEFAULT_DISPLAY_PRIORITIES,
  WAREHOUSE_ICON_LARGE_ABOVE,
  WAREHOUSE_ICON_MID_ABOVE,
} from '../constants.js';
import type { InboundItemKind } from '../enums/order-status.js';
import { formatCount } from './text.js';
import {
  formatUtcDate,
  formatUtcShortDate,
  parseServerTime,
  pluralize,
  relativeTime,
  utcCalendarDaysUntil,
} from './time.js';

/** Inbound list and detail display rules: status pill and ETA, quantity display, count line, text limits. */

export interface InboundStatusPill {
  text: string;
  /** A late inbound shows an hourglass, except for draft, completed and cancelled. */
  hourglass: boolean;
}

const NO_HOURGLASS = ['draft', 'completed', 'cancelled'];

/** ETA wording from expected_date (UTC days): 'ETA: Today', 'ETA: N day(s)' ahead, 'N day(s) ago' behind. */
export function inboundEtaText(expectedDate: string | null | undefined, now: Date): string {
  const expected = parseServerTime(expectedDate);
  if (!expected) return 'ETA: -';
  const days = utcCalendarDaysUntil(expected, now);
  if (days === 0) return 'ETA: Today';
  if (days > 0) return `ETA: ${pluralize(days, 'day')}`;
  return `${pluralize(-days, 'day')} ago`;
}

/**
 * Status pill text (UTC): draft the created date; completed the updated date; cancelled (and
 * deleted) the updated date in short form; in_transit the ETA; arrived and processing the time
 * since the update.
 */
export function inboundStatusPill(
  inbound: Pick<Inbound, 'status' | 'expected_date' | 'external_dates' | 'late'>,
  now: Date,
): InboundStatusPill {
  const created = parseServerTime(inbound.external_dates.created_at);
  const updated = parseServerTime(inbound.external_dates.updated_at);
  const hourglass = inbound.late.is_late && !NO_HOURGLASS.includes(inbound.status);
  const date = (d: Date | null, short = false) =>
    d ? (short ? formatUtcShortDate(d) : formatUtcDate(d)) : '-';
  switch (inbound.status) {
    case 'draft':
      return { text: date(created), hourglass };
    case 'completed':
      return { text: date(updated), hourglass };
    case 'cancelled':
    case 'deleted':
      return { text: date(updated, true), hourglass };
    case 'in_transit':
      return { text: inboundEtaText(inbound.expected_date, now), hourglass };
    default:
      return { text: updated ? relativeTime(updated, now) : '-', hourglass };
  }
}

export type InboundQuantityColumn = 'expected' | 'sellable' | 'missing' | 'defects' | 'junk';
/**
 * Quantity display, 'a dash' when 0: an en dash (decided in docs/decisions/contracts.md), unlike the '-'
 * placeholder for missing names.
 */
export const QUANTITY_DASH = '–';

/** Quantity cell: 0 expected shows 'N/A'; 0 sellable a not-sellable icon; 0 missing/defects/junk a dash. */
export function inboundQuantityCell(
  column: InboundQuantityColumn,
  value: number,
): { text: string; icon: 'not-sellable' | null } {
  if (value === 0) {
    if (column === 'expected') return { text: 'N/A', icon: null };
    if (column === 'sellable') return { text: '', icon: 'not-sellable' };
    return { text: QUANTITY_DASH, icon: null };
  }
  return { text: formatCount(value), icon: null };
}

const TRANSPORT_WORDS: Record<InboundItemKind, [string, string]> = {
  truck: ['Truck', 'Trucks'],
  pallet: ['Pallet', 'Pallets'],
  package: ['Box', 'Boxes'],
};

/** The transport toggles' kinds, in the order they show. */
export const TRANSPORT_KINDS = ['truck', 'pallet', 'package'] as const satisfies readonly InboundItemKind[];

/** 'Truck' or 'Trucks', 'Pallet(s)', 'Box(es)', as a count of `count` reads. */
export function transportNoun(kind: InboundItemKind, count: number): string {
  const [one, many] = TRANSPORT_WORDS[kind];
  return count === 1 ? one : many;
}

/** Transport toggle label: 'N Truck(s)', 'N Pallet(s)', 'N Box(es)'. */
export function transportLabel(kind: InboundItemKind, count: number): string {
  return `${formatCount(count)} ${transportNoun(kind, count)}`;
}

/**
 * Transport toggles in truck, pallet, package order, shown only when the count is above 0, except a
 * selected one: it keeps filtering, so it stays on screen (and can be turned off) whatever its count.
 */
export function transportToggles(
  stats: readonly { kind: InboundItemKind; count: number }[],
  selected: readonly InboundItemKind[] = [],
): { kind: InboundItemKind; count: number; label: string }[] {
  return TRANSPORT_KINDS.map((kind) => ({
    kind,
    count: stats.filter((s) => s.kind === kind).reduce((n, s) => n + s.count, 0),
  }))
    .filter((t) => t.count > 0 || selected.includes(t.kind))
    .map((t) => ({ ...t, label: transportLabel(t.kind, t.count) }));
}

/** Warehouse icon size by incoming_total: above 1000 largest, above 500 mid, otherwise small. */
export function warehouseIconSize(incomingTotal: number): 'large' | 'medium' | 'small' {
  if (incomingTotal > WAREHOUSE_ICON_LARGE_ABOVE) return 'large';
  if (incomingTotal > WAREHOUSE_ICON_MID_ABOVE) return 'medium';
  return 'small';
}

/** 'Clear Filters' on the inbounds screen: an assigned user, warehouse, merchant or status is set. */
export function inboundsHasClearableFilters(filter: {
  assignedUsersUIDS: readonly string[];
  fulfillmentCentersUIDS: readonly string[];
  organizationsUIDS: readonly string[];
  statuses: readonly string[];
}): boolean {
  return (
    filter.assignedUsersUIDS.length > 0 ||
    filter.fulfillmentCentersUIDS.length > 0 ||
    filter.organizationsUIDS.length > 0 ||
    filter.statuses.length > 0
  );
}

/** The count line '{n} inbound displayed'. */
export function inboundCountLine(count: number): string {
  return `${count} inbound displayed`;
}

/**
 * Inbound text limits (reception name 18, number 40, warehouse identifier 22), applied with shortenText
 * (middle truncated with dots, exactly this many characters).
 */
export const INBOUND_TEXT_LIMITS = {
  receptionName: 18,
  receptionNumber: 40,
  warehouseIdentifier: 22,
} as const;

/** The inbound filter fields an empty list is explained by. */
export interface InboundNarrowing {
  assignedUsersUIDS: readonly string[];
  fulfillmentCentersUIDS: readonly string[];
  organizationsUIDS: readonly string[];
  statuses: readonly string[];
  displayPriorities: readonly number[];
  searchTerm: string;
  numberOfItems: readonly string[];
  isLate: boolean;
}

/**
 * The filters that narrow the inbound list, by the names the screen gives them, so an empty list can
 * say which ones emptied it. `ownUid` names the assigned-user filter 'Assigned to you' when it is
 * the signed-in user alone; the default priority buckets (0-3) are not counted as a filter.
 */
export function inboundNarrowingFilters(filter: InboundNarrowing, ownUid?: string | null): string[] {
  const names: string[] = [];
  const users = filter.assignedUsersUIDS;
  if (users.length === 1 && ownUid && users[0] === ownUid) names.push('Assigned to you');
  else if (users.length > 0) names.push('Assigned user');
  if (filter.fulfillmentCentersUIDS.length > 0) names.push('Warehouse');
  if (filter.organizationsUIDS.length > 0) names.push('Merchant');
  if (filter.statuses.length > 0) names.push('Status');
  const priorities = [...filter.displayPriorities].sort((a, b) => a - b).join(',');
  if (priorities !== '' && priorities !== DEFAULT_DISPLAY_PRIORITIES.join(',')) names.push('Priority');
  if (filter.numberOfItems.length > 0) names.push('Transport type');
  if (filter.isLate) names.push('Late');
  const term = filter.searchTerm.trim();
  if (term) names.push(`Search "${term}"`);
  return names;
}
