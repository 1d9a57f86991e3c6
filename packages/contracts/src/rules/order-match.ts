import type { ORDER_STATISTICS_CALLS, Order } from '../backend/orders.js';
import type { OrdersFilter } from '../filters/orders-filter.js';
import { withCargusPairing } from '../filters/orders-filter.js';
import { parseServerTime } from './time.js';

/**
 * Does an order belong to the list an orders filter describes?
 *
 * These are the semantics the reference backend (backend-sim) implements and the web app may use
 * to drop a row locally:
 * - reference: case-insensitive substring of the order reference, ignoring a leading '#';
 * - statuses: aggregated_status.key in the list; displayPriorities: display_priority in the list;
 * - courierKeys (cargus pair expanded), sellingChannelsUIDS, fulfillmentCentersUIDS, assignedUsersUIDS:
 *   membership of the order's value; an empty list does not narrow;
 * - activeOrders: 'snoozed' = comments.status is snoozed with `until` unknown or still ahead;
 *   'active' = every other order; 'all' does not narrow;
 * - payout.selected: payout.status.key in the list;
 * - late: with status_late and payout late both 'late' (late mode) an order matches when it is
 *   late by status OR by payout; either one alone narrows by that flag; payout late 'not_late'
 *   keeps orders whose payout is not late.
 * managed_by is not a row filter: the list also shows orders managed by others (the provider's get a
 * marker), so it never excludes an order here.
 */
export function orderMatchesFilter(order: Order, filter: OrdersFilter, now: Date): boolean {
  return matches(order, filter, now, 'exact');
}

/** One of the eight order statistics calls (the count among them). */
export type OrderStatisticKey = keyof typeof ORDER_STATISTICS_CALLS;

type GroupedFacet =
  | 'statuses'
  | 'displayPriorities'
  | 'courierKeys'
  | 'sellingChannelsUIDS'
  | 'fulfillmentCentersUIDS'
  | 'assignedUsersUIDS'
  | 'activeOrders';

/**
 * The filter parts each statistic counts across: a statistic grouped by a facet ignores that facet's
 * own selection (so every option keeps its count), and the courier, warehouse, assigned-user and
 * merchant rows also ignore the display priorities. The count applies the whole filter.
 */
export const STATISTIC_IGNORES: Readonly<Record<OrderStatisticKey, readonly GroupedFacet[]>> = {
  count: [],
  display_statistics: ['displayPriorities'],
  statuses_statistics: ['statuses'],
  couriers_statistics: ['courierKeys', 'displayPriorities'],
  fulfillment_centers_statistics: ['fulfillmentCentersUIDS', 'displayPriorities'],
  assigned_users_statistics: ['assignedUsersUIDS', 'displayPriorities'],
  selling_channels_statistics: ['sellingChannelsUIDS', 'displayPriorities'],
  active_orders_statistics: ['activeOrders'],
};

export const ORDER_STATISTIC_KEYS = Object.keys(STATISTIC_IGNORES) as OrderStatisticKey[];

/** The filter one statistic counts over: the filter without the facets it ignores. */
export function statisticScope(filter: OrdersFilter, key: OrderStatisticKey): OrdersFilter {
  const scope: OrdersFilter = { ...filter };
  for (const facet of STATISTIC_IGNORES[key]) {
    if (facet === 'activeOrders') scope.activeOrders = 'all';
    else scope[facet] = [];
  }
  return scope;
}

/** What of a live orders list a change can touch: its rows, and which of its statistics. */
export interface OrdersListTouch {
  rows: boolean;
  statistics: OrderStatisticKey[];
}

/**
 * Which parts of a live orders list (a filter and a window from row 0) one changed order can touch.
 *
 * - `after`: the order as /changes returned it; `before`: its last state the gateway saw, or null
 *   when it has seen none (then it may have matched anything);
 * - `inCohortRows`: the order is among the list's current rows.
 *
 * Rows are re-read when the order is listed (it may have changed or left) or could match the filter
 * before or after the change (it may enter, or move). A statistic is re-read when the order could
 * match that statistic's scope (`statisticScope`) before or after. Where the backend's semantics are
 * not known for sure (reference search, snooze expiry, orders without assigned_user_uid) a criterion
 * counts as "could match". Not covered by any change: a snooze or a lateness deadline passing
 * without an update; those need a timed refresh.
 */
export function changeTouchesOrdersList(
  change: { before: Order | null; after: Order },
  filter: OrdersFilter,
  ctx: { now: Date; inCohortRows: boolean },
): OrdersListTouch {
  const { before, after } = change;
  const could = (f: OrdersFilter, order: Order | null) =>
    order === null || matches(order, f, ctx.now, 'lenient');
  const rows =
    ctx.inCohortRows || matches(after, filter, ctx.now, 'lenient') || (!!before && could(filter, before));
  const statistics = ORDER_STATISTIC_KEYS.filter((key) => {
    const scope = statisticScope(filter, key);
    return could(scope, after) || could(scope, before);
  });
  return { rows, statistics };
}

type Mode = 'exact' | 'lenient';

function matches(order: Order, filter: OrdersFilter, now: Date, mode: Mode): boolean {
  return (
    matchesReference(order, filter.reference, mode) &&
    within(filter.statuses, order.aggregated_status.key) &&
    within(filter.displayPriorities, order.display_priority) &&
    within(withCargusPairing(filter.courierKeys), order.aggregated_courier?.key ?? null) &&
    within(filter.sellingChannelsUIDS, order.selling_channel_uid) &&
    within(filter.fulfillmentCentersUIDS, order.fulfillment_center_uid) &&
    matchesAssignedUser(order, filter.assignedUsersUIDS, mode) &&
    (mode === 'lenient' || matchesActive(order, filter.activeOrders, now)) &&
    within(filter.payout.selected, order.payout?.status.key ?? null) &&
    matchesLate(order, filter)
  );
}

function within<T>(list: readonly T[], value: T | null): boolean {
  if (list.length === 0) return true;
  return value !== null && list.includes(value);
}

export function normaliseReferenceQuery(reference: string): string {
  return reference.trim().replace(/^#+/, '').trim().toLowerCase();
}

function matchesReference(order: Order, reference: string, mode: Mode): boolean {
  const query = normaliseReferenceQuery(reference);
  if (!query) return true;
  const candidates =
    mode === 'exact'
      ? [order.reference]
      : [
          order.reference,
          order.uid,
          order.aggregated_courier?.tracking_number ?? null,
          ...order.fulfillment_center_fulfillment_orders.flatMap((f) => [
            f.unique_key,
            f.external_identifier,
          ]),
        ];
  return candidates.some((c) => typeof c === 'string' && c.toLowerCase().includes(query));
}

function matchesAssignedUser(order: Order, users: readonly string[], mode: Mode): boolean {
  if (users.length === 0) return true;
  const assigned = order.assigned_user_uid;
  if (assigned === undefined) return mode === 'lenient';
  return assigned !== null && users.includes(assigned);
}

/** An order is snoozed while its comments summary says so and the snooze has not ended. */
export function isOrderSnoozed(order: Pick<Order, 'comments'>, now: Date): boolean {
  if (order.comments.status !== 'snoozed') return false;
  const until = parseServerTime(order.comments.until);
  return until === null || until.getTime() > now.getTime();
}

function matchesActive(order: Order, active: OrdersFilter['activeOrders'], now: Date): boolean {
  if (active === 'all') return true;
  return isOrderSnoozed(order, now) === (active === 'snoozed');
}

function matchesLate(order: Order, filter: OrdersFilter): boolean {
  const statusLate = filter.status_late.status === 'late';
  const payoutLate = filter.payout.late;
  const orderStatusLate = order.late.is_late;
  const orderPayoutLate = order.payout?.late.is_late ?? false;
  if (statusLate && payoutLate === 'late') return orderStatusLate || orderPayoutLate;
  if (statusLate && !orderStatusLate) return false;
  if (payoutLate === 'late' && !orderPayoutLate) return false;
  if (payoutLate === 'not_late' && orderPayoutLate) return false;
  return true;
}
