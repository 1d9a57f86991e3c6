import { z } from 'zod';
import type { OrdersSearchBody } from '../backend/orders.js';
import { DEFAULT_DISPLAY_PRIORITIES } from '../constants.js';
import { payoutOptionSchema } from '../enums/common.js';
import { CARGUS_PAIR } from '../enums/couriers.js';
import { setLateMode } from '../rules/orders-filter-rules.js';
import { keyListSchema, type ListWindow, listWindowSchema, nonEmpty, uidListSchema } from './common.js';

export const activeOrdersSchema = z.enum(['all', 'active', 'snoozed']);
export type ActiveOrders = z.infer<typeof activeOrdersSchema>;

/** Client-side order filter state, camelCase; managed_by is added by the gateway. */
export const ordersFilterSchema = z.strictObject({
  reference: z.string().trim().max(200).default(''),
  statuses: keyListSchema,
  displayPriorities: z
    .array(z.number().int().min(0).max(5))
    .max(6)
    .default(() => [...DEFAULT_DISPLAY_PRIORITIES]),
  courierKeys: keyListSchema,
  sellingChannelsUIDS: uidListSchema,
  fulfillmentCentersUIDS: uidListSchema,
  assignedUsersUIDS: uidListSchema,
  activeOrders: activeOrdersSchema.default('active'),
  payout: z
    .strictObject({
      selected: z.array(payoutOptionSchema).max(3).default([]),
      late: z.enum(['late', 'not_late']).nullable().default(null),
    })
    .default({ selected: [], late: null }),
  status_late: z
    .strictObject({ status: z.enum(['late']).nullable().default(null) })
    .default({ status: null }),
  orders_late: z.boolean().default(false),
});
export type OrdersFilter = z.infer<typeof ordersFilterSchema>;

export const DEFAULT_ORDERS_FILTER: OrdersFilter = ordersFilterSchema.parse({});

/**
 * Procedure input for orders.search / orders.statistics / orders.filter / orders.live. A filter that
 * says `orders_late` gets late mode's whole effect (`setLateMode`), as the console applies it when
 * the toggle is pressed: a script sending the flag alone gets late orders, not the flag ignored.
 */
export const ordersQuerySchema = z.strictObject({
  filter: ordersFilterSchema
    .default(DEFAULT_ORDERS_FILTER)
    .transform((filter) => (filter.orders_late ? setLateMode(filter, true) : filter)),
  window: listWindowSchema.default({ skip: 0, limit: 20 }),
});

/** Selecting cargus_ro or urgent_cargus selects both. */
export function withCargusPairing(courierKeys: readonly string[]): string[] {
  const keys = [...courierKeys];
  if (keys.some((k) => (CARGUS_PAIR as readonly string[]).includes(k))) {
    for (const k of CARGUS_PAIR) if (!keys.includes(k)) keys.push(k);
  }
  return keys;
}

/** Client filter state → POST /orders/search body. managed_by is always sent. */
export function toOrdersSearchBody(
  filter: OrdersFilter,
  window: ListWindow,
  managedBy: string,
): OrdersSearchBody {
  const body: OrdersSearchBody = {
    skip: window.skip,
    limit: window.limit,
    managed_by: managedBy,
    active_status: filter.activeOrders,
  };
  const reference = filter.reference.trim();
  if (reference) body.reference = reference;
  const set = <K extends keyof OrdersSearchBody>(key: K, value: OrdersSearchBody[K] | undefined) => {
    if (value !== undefined) body[key] = value;
  };
  set('selling_channels_uids', nonEmpty(filter.sellingChannelsUIDS));
  set('assigned_users_uids', nonEmpty(filter.assignedUsersUIDS));
  set('courier_keys', nonEmpty(withCargusPairing(filter.courierKeys)));
  set('fulfillment_centers_uids', nonEmpty(filter.fulfillmentCentersUIDS));
  set('display_priorities', nonEmpty(filter.displayPriorities));
  set('aggregated_status_keys', nonEmpty(filter.statuses));
  set('payout_keys', nonEmpty(filter.payout.selected));
  if (filter.payout.late) body.payout_late = filter.payout.late;
  if (filter.status_late.status) body.status_late = filter.status_late.status;
  return body;
}
