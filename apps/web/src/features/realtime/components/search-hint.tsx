import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_ORDERS_FILTER,
  formatOrderReference,
  type Order,
  type OrdersFilter,
  orderStatusLabel,
  statusesOfGroup,
  statusGroupById,
  statusGroupOf,
} from '@waybill/contracts';
import { useTRPC } from '../../../lib/trpc.js';
import styles from './search-hint.module.css';

/** How many orders the every-status search reads for a hint. */
const HINT_WINDOW = 20;

/** The filter that spans every order with this reference: all statuses, priorities, users, snoozed too. */
export function everywhereFilter(reference: string): OrdersFilter {
  return {
    ...DEFAULT_ORDERS_FILTER,
    reference,
    statuses: [],
    displayPriorities: [],
    assignedUsersUIDS: [],
    activeOrders: 'all',
  };
}

/** Where an order sits, in the status bar's words ('Delivered'), and whether it is snoozed. */
export function placeOf(order: Order): string {
  const group = statusGroupOf(order.aggregated_status.key);
  const place = group
    ? (statusGroupById(group)?.label ?? group)
    : orderStatusLabel(order.aggregated_status.key);
  return order.comments.status === 'snoozed' ? `${place} (snoozed)` : place;
}

/**
 * The filter that lists `order` with this reference: its status group (or its status), every
 * priority, user and activity, no other narrowing.
 */
export function filterShowing(order: Order, reference: string): OrdersFilter {
  const group = statusGroupOf(order.aggregated_status.key);
  return {
    ...everywhereFilter(reference),
    statuses: group ? statusesOfGroup(group) : [order.aggregated_status.key],
  };
}

export interface SearchHintProps {
  filter: OrdersFilter;
  onFilterChange: (next: OrdersFilter) => void;
}

/**
 * Under 'No Results Found' for a reference search: the same reference searched across every status.
 * When the order exists elsewhere (delivered, lost, canceled, snoozed…), says where and offers one
 * click to list it. Says nothing while it looks or when it finds nothing.
 */
export function SearchHint({ filter, onFilterChange }: SearchHintProps) {
  const trpc = useTRPC();
  const reference = filter.reference.trim();
  const found = useQuery(
    trpc.orders.search.queryOptions(
      { filter: everywhereFilter(reference), window: { skip: 0, limit: HINT_WINDOW } },
      { enabled: reference.length > 0, staleTime: 10_000, retry: false },
    ),
  );
  const orders = found.data?.orders ?? [];
  const first = orders[0];
  if (!first) return null;
  const places = [...new Set(orders.map(placeOf))];
  const what =
    orders.length === 1
      ? `Order ${formatOrderReference(first.reference)} is in ${places[0]}`
      : `${orders.length >= HINT_WINDOW ? `${HINT_WINDOW}+` : orders.length} orders match, in ${places.join(', ')}`;
  return (
    <div className={styles.hint} role="status" data-testid="search-hint">
      <p className={styles.text}>{what}, outside the current filters.</p>
      <button
        type="button"
        className={styles.show}
        onClick={() => onFilterChange(filterShowing(first, reference))}
      >
        Show it in {places[0]}
      </button>
    </div>
  );
}
