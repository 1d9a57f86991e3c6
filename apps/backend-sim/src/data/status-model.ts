import {
  FINAL_ORDER_STATUSES,
  ORDER_STATUS_GROUPS,
  ORDER_STATUS_KEYS,
  type OrderStatusKey,
  REVERSE_LOGISTICS_STATUSES,
} from '@waybill/contracts';

/** The status each status is normally reached from: statuses_history is the chain back to new_. */
const PARENT: Record<OrderStatusKey, OrderStatusKey | null> = {
  new_: null,
  unknown: 'new_',
  not_started: 'new_',
  initializing_fulfillment: 'new_',
  awaiting_fulfillment_initialization: 'initializing_fulfillment',
  pending_fulfillment: 'initializing_fulfillment',
  awaiting_fulfillment_order: 'initializing_fulfillment',
  fulfillment_initialized: 'initializing_fulfillment',
  sending: 'fulfillment_initialized',
  inventory_fulfillment_center_inventory_enough_quantity: 'fulfillment_initialized',
  inventory_fulfillment_center_inventory_insufficient_quantity: 'fulfillment_initialized',
  inventory_merchant_inventory_enough_quantity: 'fulfillment_initialized',
  inventory_merchant_inventory_insufficient_quantity: 'fulfillment_initialized',
  inventory_merchant_inventory_pending: 'fulfillment_initialized',
  inventory_enough_items: 'fulfillment_initialized',
  inventory_out_of_items: 'fulfillment_initialized',
  inventory_pending: 'fulfillment_initialized',
  out_of_stock: 'inventory_fulfillment_center_inventory_insufficient_quantity',
  errors_fulfillment: 'fulfillment_initialized',
  errors_miscellaneous_errors: 'fulfillment_initialized',
  errors_incorrect_shipping_address: 'fulfillment_initialized',
  invalid_address: 'fulfillment_initialized',
  fulfillment_cancelled: 'fulfillment_initialized',
  cancelled: 'initializing_fulfillment',
  shipment_not_generated: 'fulfillment_initialized',
  shipment_generating_awb: 'fulfillment_initialized',
  shipment_invalid_shipping_address: 'shipment_generating_awb',
  shipment_generated_awb: 'shipment_generating_awb',
  shipment_canceled: 'shipment_generated_awb',
  ready_for_picking: 'shipment_generated_awb',
  in_picking: 'ready_for_picking',
  not_fulfilled: 'in_picking',
  partial: 'in_picking',
  waiting_for_courier: 'in_picking',
  shipping_generated_awb: 'waiting_for_courier',
  shipping_canceled: 'shipping_generated_awb',
  fulfilled: 'waiting_for_courier',
  shipping_in_transit: 'waiting_for_courier',
  shipping_personal_pickup: 'shipping_in_transit',
  shipping_customer_pickup: 'shipping_in_transit',
  shipping_out_for_delivery: 'shipping_in_transit',
  shipping_in_parcel_locker: 'shipping_in_transit',
  shipping_redirected: 'shipping_in_transit',
  shipping_incorrect_address: 'shipping_in_transit',
  shipping_unsuccessful_delivery: 'shipping_out_for_delivery',
  shipping_delivered: 'shipping_out_for_delivery',
  shipping_refused: 'shipping_out_for_delivery',
  shipping_returning_to_sender: 'shipping_refused',
  shipping_received_by_sender: 'shipping_returning_to_sender',
  back_to_sender: 'shipping_received_by_sender',
  returned: 'shipping_delivered',
  lost: 'shipping_in_transit',
};

type Moves = readonly (readonly [OrderStatusKey, number])[];
const to = (key: OrderStatusKey): Moves => [[key, 1]];

/** Where the simulator moves an order next (weighted); final statuses have no moves. */
const NEXT: Partial<Record<OrderStatusKey, Moves>> = {
  new_: to('initializing_fulfillment'),
  unknown: to('initializing_fulfillment'),
  not_started: to('initializing_fulfillment'),
  initializing_fulfillment: [
    ['fulfillment_initialized', 8],
    ['awaiting_fulfillment_order', 1],
    ['pending_fulfillment', 1],
  ],
  awaiting_fulfillment_initialization: to('fulfillment_initialized'),
  pending_fulfillment: to('fulfillment_initialized'),
  awaiting_fulfillment_order: to('fulfillment_initialized'),
  fulfillment_initialized: [
    ['shipment_generating_awb', 8],
    ['errors_incorrect_shipping_address', 1],
    ['inventory_fulfillment_center_inventory_insufficient_quantity', 1],
  ],
  sending: to('shipment_generating_awb'),
  inventory_fulfillment_center_inventory_enough_quantity: to('shipment_generating_awb'),
  inventory_fulfillment_center_inventory_insufficient_quantity: [
    ['inventory_fulfillment_center_inventory_enough_quantity', 3],
    ['out_of_stock', 1],
  ],
  inventory_merchant_inventory_enough_quantity: to('shipment_generating_awb'),
  inventory_merchant_inventory_insufficient_quantity: to('inventory_merchant_inventory_pending'),
  inventory_merchant_inventory_pending: to('inventory_merchant_inventory_enough_quantity'),
  inventory_enough_items: to('shipment_generating_awb'),
  inventory_out_of_items: to('inventory_pending'),
  inventory_pending: to('inventory_enough_items'),
  out_of_stock: to('ready_for_picking'),
  errors_fulfillment: to('fulfillment_initialized'),
  errors_miscellaneous_errors: to('fulfillment_initialized'),
  errors_incorrect_shipping_address: to('shipment_generating_awb'),
  invalid_address: to('shipment_generating_awb'),
  shipment_invalid_shipping_address: to('shipment_generating_awb'),
  shipment_not_generated: to('shipment_generating_awb'),
  shipment_generating_awb: to('shipment_generated_awb'),
  shipment_generated_awb: to('ready_for_picking'),
  ready_for_picking: to('in_picking'),
  in_picking: [
    ['waiting_for_courier', 9],
    ['not_fulfilled', 1],
  ],
  not_fulfilled: to('in_picking'),
  partial: to('waiting_for_courier'),
  waiting_for_courier: to('shipping_in_transit'),
  shipping_generated_awb: to('shipping_in_transit'),
  shipping_in_transit: [
    ['shipping_out_for_delivery', 12],
    ['shipping_in_parcel_locker', 2],
    ['shipping_redirected', 1],
    ['shipping_incorrect_address', 1],
  ],
  shipping_out_for_delivery: [
    ['shipping_delivered', 16],
    ['shipping_unsuccessful_delivery', 2],
    ['shipping_refused', 1],
  ],
  shipping_in_parcel_locker: to('shipping_delivered'),
  shipping_redirected: to('shipping_out_for_delivery'),
  shipping_incorrect_address: to('shipping_out_for_delivery'),
  shipping_unsuccessful_delivery: [
    ['shipping_out_for_delivery', 2],
    ['shipping_returning_to_sender', 1],
  ],
  shipping_refused: to('shipping_returning_to_sender'),
  shipping_customer_pickup: to('shipping_delivered'),
  shipping_personal_pickup: to('shipping_delivered'),
  shipping_returning_to_sender: to('shipping_received_by_sender'),
  shipping_received_by_sender: to('back_to_sender'),
};

export function nextStatuses(status: string): Moves {
  return NEXT[status as OrderStatusKey] ?? [];
}

/** Chain of statuses from new_ to `status` (inclusive). Unknown keys get [new_, key]. */
const chainCache = new Map<string, readonly string[]>();
export function statusChain(status: string): readonly string[] {
  const cached = chainCache.get(status);
  if (cached) return cached;
  if (!Object.hasOwn(PARENT, status)) return ['new_', status];
  const chain: string[] = [];
  let current: OrderStatusKey | null = status as OrderStatusKey;
  while (current) {
    chain.unshift(current);
    current = PARENT[current];
  }
  chainCache.set(status, chain);
  return chain;
}

const groupOf = new Map<string, string>();
for (const group of ORDER_STATUS_GROUPS) for (const s of group.statuses) groupOf.set(s, group.id);

const DONE = new Set<string>(['shipping_delivered', 'fulfilled', 'returned']);
const CANCELS = new Set<string>([
  'cancelled',
  'fulfillment_cancelled',
  'shipping_canceled',
  'shipment_canceled',
  'lost',
  'back_to_sender',
  'shipping_returning_to_sender',
  'shipping_received_by_sender',
]);
const ALERTS = new Set<string>([
  'unknown',
  'awaiting_fulfillment_order',
  'not_fulfilled',
  'partial',
  'shipment_not_generated',
  'inventory_merchant_inventory_pending',
  'inventory_pending',
  'shipping_unsuccessful_delivery',
  'shipping_incorrect_address',
  'shipping_refused',
  'shipping_redirected',
]);

/**
 * display_priority from status and lateness: 0/1 errors (0 when late), 2 alerts (and late
 * regular orders), 3 in warehouse / in traffic, 4 delivered and done, 5 cancels and returns.
 */
export function priorityFor(status: string, late: boolean): number {
  if (DONE.has(status)) return 4;
  if (CANCELS.has(status)) return 5;
  if (groupOf.get(status) === 'errors') return late ? 0 : 1;
  if (ALERTS.has(status)) return 2;
  return late ? 2 : 3;
}

const FINAL = new Set<string>([
  ...FINAL_ORDER_STATUSES,
  'fulfilled',
  'fulfillment_cancelled',
  'shipping_canceled',
  'shipment_canceled',
]);
export const isFinalStatus = (status: string) => FINAL.has(status);
export const isReverseStatus = (status: string) =>
  (REVERSE_LOGISTICS_STATUSES as readonly string[]).includes(status);

/** Statuses before a courier is chosen. */
const PRE_COURIER = new Set<string>(['new_', 'unknown', 'not_started']);
export const hasCourier = (status: string) => !PRE_COURIER.has(status);

/** Statuses at or after AWB generation carry a tracking number and a label. */
export function hasAwb(status: string): boolean {
  const chain = statusChain(status);
  return chain.includes('shipment_generated_awb') || chain.includes('shipping_generated_awb');
}

/** Statuses at or after fulfillment_initialized have a warehouse fulfillment order. */
export function hasFulfillmentOrder(status: string): boolean {
  return statusChain(status).includes('fulfillment_initialized');
}

/** Generation weights: every key appears; most orders are in transit or done. */
export function statusWeights(): (readonly [string, number])[] {
  const heavy: Record<string, number> = {
    shipping_delivered: 30,
    shipping_in_transit: 12,
    shipping_out_for_delivery: 6,
    ready_for_picking: 6,
    in_picking: 4,
    waiting_for_courier: 5,
    fulfillment_initialized: 3,
    initializing_fulfillment: 3,
    cancelled: 4,
    back_to_sender: 2,
    shipping_returning_to_sender: 2,
    errors_incorrect_shipping_address: 2,
    returned: 1.5,
    lost: 0.7,
  };
  return ORDER_STATUS_KEYS.map((k) => [k, heavy[k] ?? 0.35] as const);
}
