import type { Order, OrderLineItem } from '../backend/orders.js';
import { PROVIDER_BRAND } from '../constants.js';
import {
  HISTORY_DEFAULT_STATUSES,
  ORDER_STATUS_GROUPS,
  orderStatusLabel,
  RETURN_STATUSES,
} from '../enums/order-status.js';
import { DEFAULT_ORDERS_FILTER, type OrdersFilter } from '../filters/orders-filter.js';
import { httpAddress } from './http-address.js';
import { isWarehouseStatus } from './status-groups.js';
import { formatCount } from './text.js';
import { elapsedText, parseServerTime } from './time.js';

/** Order row and detail display rules: line quantity wording, payment badge, history, detail tab, links. */

const IN_TRANSIT_GROUP: readonly string[] =
  ORDER_STATUS_GROUPS.find((g) => g.id === 'in_transit')?.statuses ?? [];

export type LineQuantityWord = 'in transit' | 'delivered' | 'returning' | 'reshelved' | 'lost' | 'reserved';

/**
 * Line quantity wording by order status: the In Transit group 'in transit'; shipping_delivered
 * 'delivered'; shipping_returning_to_sender 'returning'; back_to_sender or cancelled 'reshelved';
 * lost 'lost'; otherwise 'reserved'.
 */
export function lineQuantityWord(status: string): LineQuantityWord {
  if (IN_TRANSIT_GROUP.includes(status)) return 'in transit';
  if (status === 'shipping_delivered') return 'delivered';
  if (status === 'shipping_returning_to_sender') return 'returning';
  if (status === 'back_to_sender' || status === 'cancelled') return 'reshelved';
  if (status === 'lost') return 'lost';
  return 'reserved';
}

/** '3 reserved' and, when items are missing, '1 N/A'. */
export function lineQuantityText(
  item: Pick<OrderLineItem, 'quantity' | 'missing_quantity'>,
  status: string,
): { quantity: string; missing: string | null } {
  return {
    quantity: `${item.quantity} ${lineQuantityWord(status)}`,
    missing: item.missing_quantity > 0 ? `${item.missing_quantity} N/A` : null,
  };
}

/** Payment badge: COD for cash on delivery, BANK for bank deposit, otherwise CARD (COD wins if both are set). */
export function paymentBadge(
  payment: Pick<Order['payment'], 'cash_on_delivery' | 'bank_deposit'>,
): 'COD' | 'BANK' | 'CARD' {
  if (payment.cash_on_delivery) return 'COD';
  if (payment.bank_deposit) return 'BANK';
  return 'CARD';
}

export type HistoryActor = 'selling_channel' | 'fulfillment_provider' | 'fulfillment_center' | 'courier';

/**
 * Actor of a history entry: new → selling channel; warehouse statuses → fulfilment center;
 * courier statuses (shipping_*, shipment_*) → courier and tracking number; initializing_fulfillment
 * and every other status → the fulfilment provider.
 */
export function historyActor(status: string): HistoryActor {
  if (status === 'new' || status === 'new_') return 'selling_channel';
  if (isWarehouseStatus(status)) return 'fulfillment_center';
  if (status.startsWith('shipping_') || status.startsWith('shipment_')) return 'courier';
  return 'fulfillment_provider';
}

/** Return statuses (shipping_returning_to_sender, back_to_sender) use a return arrow icon. */
export function hasReturnIcon(status: string): boolean {
  return (RETURN_STATUSES as readonly string[]).includes(status);
}

export interface HistoryEntry {
  key: string;
  label: string;
  /** The raw server timestamp, and its parsed value (null when unreadable). */
  rawDate: string;
  date: Date | null;
  actor: HistoryActor;
  returnIcon: boolean;
  /** Elapsed time to the next entry; null for the last one or when a date is unreadable. */
  elapsedToNext: string | null;
}

/** Status keys that mean "new"; the timeline's own 'new' entry stands for them. */
const NEW_KEYS: readonly string[] = ['new', 'new_'];

/**
 * History timeline: a 'new' entry at the created date plus every aggregated status entry, sorted by
 * date ascending (stable; unreadable dates last), each with the elapsed time to the next one.
 * A 'new'/'new_' entry of the history itself is dropped: the created-date entry already says New,
 * and showing both read as "New, 0 seconds, New".
 */
export function orderHistoryTimeline(
  order: Pick<Order, 'external_app_dates' | 'statuses_history'>,
): HistoryEntry[] {
  const raw = [
    { key: 'new', date: order.external_app_dates.created_at },
    ...order.statuses_history.aggregated_status
      .filter((s) => !NEW_KEYS.includes(s.key))
      .map((s) => ({ key: s.key, date: s.date })),
  ];
  const entries = raw
    .map((e, index) => ({ e, index, time: parseServerTime(e.date)?.getTime() ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ e }) => ({
      key: e.key,
      label: e.key === 'new' ? 'New' : orderStatusLabel(e.key),
      rawDate: e.date,
      date: parseServerTime(e.date),
      actor: historyActor(e.key),
      returnIcon: hasReturnIcon(e.key),
      elapsedToNext: null as string | null,
    }));
  for (let i = 0; i < entries.length - 1; i++) {
    const current = entries[i];
    const next = entries[i + 1];
    if (current?.date && next?.date) current.elapsedToNext = elapsedText(current.date, next.date);
  }
  return entries;
}

export type OrderDetailTab = 'history' | 'order' | 'comments';

/** The detail opens on comments, or on history when the status is delivered, returned or back to sender. */
export function defaultOrderDetailTab(status: string): OrderDetailTab {
  return (HISTORY_DEFAULT_STATUSES as readonly string[]).includes(status) ? 'history' : 'comments';
}

/** Query string of /realtime/order: uid, newComment when there are no comments or Add Comment was used, hasUnread, cached. */
export function orderDetailSearch(params: {
  uid: string;
  commentCount: number;
  addComment?: boolean;
  unread?: number;
  cached?: boolean;
}): string {
  const q: [string, string][] = [['uid', params.uid]];
  if (params.commentCount === 0 || params.addComment) q.push(['newComment', 'true']);
  if ((params.unread ?? 0) > 0) q.push(['hasUnread', 'true']);
  if (params.cached !== undefined) q.push(['cached', String(params.cached)]);
  return `?${q.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** Orders whose managed_by equals the provider value get a marker. */
export function isProviderManaged(
  order: Pick<Order, 'managed_by'>,
  providerManagedBy: string = PROVIDER_BRAND,
): boolean {
  return order.managed_by === providerManagedBy;
}

export interface OrderLabel {
  url: string;
  /** 1-based: the order's shipments in the backend's order (a reissue adds one). */
  shipment: number;
  /** Box (parcel) number within the shipment, 1-based, and how many boxes it has. */
  box: number;
  boxes: number;
  /** The latest shipment's labels: the ones whose AWB is in force; earlier ones are superseded. */
  current: boolean;
}

/**
 * Every label of every shipment, with box numbers. A reissue appends a shipment, so the last shipment
 * that has a label is the current one.
 */
export function orderLabels(order: Pick<Order, 'shipments'>): OrderLabel[] {
  const shipments = order.shipments.map((shipment) =>
    shipment.documents.flatMap((d) => d.labels.map((l) => l.download_url)).filter((u): u is string => !!u),
  );
  const currentIndex = shipments.findLastIndex((urls) => urls.length > 0);
  return shipments.flatMap((urls, i) =>
    urls.map((url, b) => ({
      url,
      shipment: i + 1,
      box: b + 1,
      boxes: urls.length,
      current: i === currentIndex,
    })),
  );
}

/** The row's PDF shipping label: the current shipment's first label (a reissue supersedes older ones). */
export function currentLabel(order: Pick<Order, 'shipments'>): OrderLabel | null {
  return orderLabels(order).find((l) => l.current) ?? null;
}

/**
 * Where the console fetches a label: the gateway's `GET /orders/{uid}/labels/{shipment}-{box}.pdf`,
 * which reads the order as the signed-in user and streams that label from the backend.
 */
export function labelPath(orderUid: string, label: Pick<OrderLabel, 'shipment' | 'box'>): string {
  return `/orders/${encodeURIComponent(orderUid)}/labels/${label.shipment}-${label.box}.pdf`;
}

/** The label named by a `labelPath` file part ("2-1.pdf"), or null when it is not one. */
export function labelOfFile(file: string): Pick<OrderLabel, 'shipment' | 'box'> | null {
  const match = /^([1-9]\d{0,3})-([1-9]\d{0,3})\.pdf$/.exec(file);
  return match ? { shipment: Number(match[1]), box: Number(match[2]) } : null;
}

/** The saved file's name: the order's reference (or uid), shipment and box ("label-WB823493-2-1.pdf"). */
export function labelFileName(
  order: Pick<Order, 'uid' | 'reference'>,
  label: Pick<OrderLabel, 'shipment' | 'box'>,
): string {
  const name = (order.reference ?? order.uid).replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60);
  return `label-${name}-${label.shipment}-${label.box}.pdf`;
}

/**
 * The order in its shop (metadata key order_external_link), when it is an http(s) address: a
 * javascript: or other scheme from a shop's data never becomes a link.
 */
export function orderExternalLink(order: Pick<Order, 'metadata'>): string | null {
  return httpAddress(order.metadata.find((m) => m.key === 'order_external_link')?.value);
}

/** Warehouse code: the external identifier of the first fulfilment order that has one. */
export function warehouseCode(order: Pick<Order, 'fulfillment_center_fulfillment_orders'>): string | null {
  return (
    order.fulfillment_center_fulfillment_orders.find((f) => f.external_identifier)?.external_identifier ??
    null
  );
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));

/**
 * The filter the screen starts with: the user's own defaults (their assigned-user choice included),
 * compared as sets with the reference trimmed. An empty list then shows the empty-state panel, not
 * 'No Results Found'.
 */
export function isDefaultOrdersFilter(
  filter: OrdersFilter,
  defaults: OrdersFilter = DEFAULT_ORDERS_FILTER,
): boolean {
  const d = defaults;
  return (
    filter.reference.trim() === d.reference.trim() &&
    sameSet(filter.statuses, d.statuses) &&
    sameSet(filter.displayPriorities, d.displayPriorities) &&
    sameSet(filter.courierKeys, d.courierKeys) &&
    sameSet(filter.sellingChannelsUIDS, d.sellingChannelsUIDS) &&
    sameSet(filter.fulfillmentCentersUIDS, d.fulfillmentCentersUIDS) &&
    sameSet(filter.assignedUsersUIDS, d.assignedUsersUIDS) &&
    filter.activeOrders === d.activeOrders &&
    sameSet(filter.payout.selected, d.payout.selected) &&
    filter.payout.late === d.payout.late &&
    filter.status_late.status === d.status_late.status &&
    filter.orders_late === d.orders_late
  );
}

/**
 * When the list ends short of what matches (the gateway caps how many rows a list loads), what the
 * footer says: 'Showing the first 1,000 of 2,650 matching orders.' Null when every match is loaded,
 * more can load, or the total is unknown.
 */
export function listCapText(
  loaded: number,
  total: number | null | undefined,
  hasMore: boolean,
): string | null {
  if (hasMore || loaded === 0 || total === null || total === undefined || total <= loaded) return null;
  return `Showing the first ${formatCount(loaded)} of ${formatCount(total)} matching orders.`;
}

/** The footer shows when the list is non-empty and no more can load. */
export function showListFooter(rowCount: number, hasMore: boolean): boolean {
  return rowCount > 0 && !hasMore;
}
