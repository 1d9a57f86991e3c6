import type { Order } from '../backend/orders.js';
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

/**
 * Conservative predicate for the gateway: could this changed order touch a live orders cohort?
 *
 * Contract: the gateway calls it with the order as /changes returned it (its new state) and with
 * `inCohortRows` = whether the order's uid is among the cohort's current rows. A cohort's rows
 * are always a refresh window starting at 0, so:
 * - an order in the rows may have left the filter or changed → always true;
 * - an order not in the rows can only matter if its new state matches the filter (it may enter,
 *   its sort position is unknown) → true when it could match.
 * An order that matched before but sat beyond the window cannot change the rows when it leaves.
 * Where the backend's semantics are not known for sure (reference search, snooze expiry,
 * orders without assigned_user_uid) the criterion is treated as "could match".
 * Counts and statistics (summary cards, dropdown counts) include orders outside the filter's own
 * facets, so a cohort that also serves statistics passes `includeStatistics` and refreshes on every
 * change in its scope.
 * Not covered by any change event: a snooze `until` or a lateness deadline passing without an
 * update; the gateway needs a timed refresh for those.
 */
export function changeMayAffectCohort(
  order: Order,
  filter: OrdersFilter,
  ctx: { now: Date; inCohortRows: boolean; includeStatistics?: boolean },
): boolean {
  if (ctx.inCohortRows || ctx.includeStatistics) return true;
  return matches(order, filter, ctx.now, 'lenient');
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
