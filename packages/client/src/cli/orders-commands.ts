import {
  COURIER_KEYS,
  DEFAULT_ORDERS_FILTER,
  isCourierKey,
  MAX_LOADED_ROWS,
  MAX_PAGE_SIZE,
  ORDER_STATUS_GROUPS,
  type OrdersFilter,
  setLateMode,
  statusesOfGroup,
} from '@waybill/contracts';
import type { RouterOutputs } from '@waybill/gateway/router';
import type { WaybillClient } from '../index.js';
import { CliError, usageError } from './errors.js';
import { EXIT } from './exit-codes.js';

type Order = RouterOutputs['orders']['search']['orders'][number];

export interface OrdersSearchOptions {
  late?: boolean | undefined;
  courier?: string[] | undefined;
  statusGroup?: string[] | undefined;
  reference?: string | undefined;
  active?: string | undefined;
}

const ACTIVE = ['all', 'active', 'snoozed'] as const;

/** The console's order filter for the flags: --late is its late mode, --courier its courier list. */
export function ordersFilterFromFlags(flags: OrdersSearchOptions): OrdersFilter {
  let filter: OrdersFilter = { ...DEFAULT_ORDERS_FILTER };
  if (flags.late) filter = setLateMode(filter, true);
  if (flags.courier?.length) {
    // The gateway answers an unknown courier with no orders: a typo would look like "none match".
    const unknown = flags.courier.filter((key) => !isCourierKey(key));
    if (unknown.length)
      throw usageError(`Unknown --courier ${unknown.join(', ')} (one of: ${COURIER_KEYS.join(', ')})`);
    filter.courierKeys = flags.courier;
  }
  if (flags.statusGroup?.length) {
    const known = ORDER_STATUS_GROUPS.map((g) => g.id as string);
    const unknown = flags.statusGroup.filter((id) => !known.includes(id));
    if (unknown.length)
      throw usageError(`Unknown --status-group ${unknown.join(', ')} (one of: ${known.join(', ')})`);
    filter.statuses = flags.statusGroup.flatMap(statusesOfGroup);
  }
  if (flags.reference !== undefined) filter.reference = flags.reference;
  if (flags.active !== undefined) {
    const active = ACTIVE.find((a) => a === flags.active);
    if (!active) throw usageError(`--active must be one of ${ACTIVE.join(', ')} (got "${flags.active}")`);
    filter.activeOrders = active;
  }
  return filter;
}

/** `--limit N`: how many orders `orders search` prints, at most what the gateway lists for one filter. */
export function parseLimit(value: string | undefined): number {
  if (value === undefined) return 20;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_LOADED_ROWS)
    throw usageError(
      `--limit must be a whole number from 1 to ${MAX_LOADED_ROWS}, the most the gateway lists for one filter (got "${value}")`,
    );
  return limit;
}

export function orderRow(order: Order): Record<string, unknown> {
  return {
    reference: order.reference ?? '',
    uid: order.uid,
    status: order.aggregated_status.key,
    courier: order.aggregated_courier?.key ?? '',
    tracking: order.aggregated_courier?.tracking_number ?? '',
    priority: order.display_priority,
    created: order.external_app_dates.created_at,
  };
}

/** The one order whose reference is exactly `reference`, in every state and priority. */
export async function orderByReference(client: WaybillClient, reference: string): Promise<Order> {
  const filter: OrdersFilter = {
    ...DEFAULT_ORDERS_FILTER,
    reference,
    activeOrders: 'all',
    displayPriorities: [],
  };
  const page = await client.orders.search.query({ filter, window: { skip: 0, limit: MAX_PAGE_SIZE } });
  const exact = page.orders.filter((o) => o.reference?.toLowerCase() === reference.toLowerCase());
  if (exact.length === 0) throw new CliError(`No order has the reference "${reference}"`, EXIT.notFound);
  if (exact.length > 1)
    throw new CliError(
      `${exact.length} orders have the reference "${reference}" (${exact.map((o) => o.uid).join(', ')}): comment in the console`,
    );
  return exact[0]!;
}

export async function commentOrder(client: WaybillClient, reference: string, text: string) {
  const order = await orderByReference(client, reference);
  const added = await client.orders.comments.add.mutate({ orderUid: order.uid, text });
  return { reference: order.reference, orderUid: order.uid, comment: added };
}
