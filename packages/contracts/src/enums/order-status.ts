import { z } from 'zod';

/** Every order status key ("Order status values", exact spelling), with its display name. */
export const ORDER_STATUS_LABELS = {
  new_: 'New',
  unknown: 'Unknown',
  not_started: 'Not Started',
  initializing_fulfillment: 'Initializing Fulfillment',
  awaiting_fulfillment_initialization: 'Initializing Fulfillment',
  awaiting_fulfillment_order: 'Awaiting Fulfillment Order',
  fulfillment_initialized: 'Fulfillment Initialized',
  pending_fulfillment: 'Initializing Fulfillment',
  sending: 'Sending',
  ready_for_picking: 'Ready for Picking',
  in_picking: 'In Picking',
  waiting_for_courier: 'Waiting for Courier',
  fulfilled: 'Fulfilled',
  not_fulfilled: 'Unfulfilled',
  partial: 'Partially Fulfilled',
  cancelled: 'Canceled',
  fulfillment_cancelled: 'Fulfillment Canceled',
  out_of_stock: 'Out of Stock',
  lost: 'Lost',
  returned: 'Returned',
  back_to_sender: 'Back to Sender',
  invalid_address: 'Invalid Address',
  errors_fulfillment: 'Fulfillment Error',
  errors_miscellaneous_errors: 'Miscellaneous Error',
  errors_incorrect_shipping_address: 'Invalid Address',
  inventory_fulfillment_center_inventory_enough_quantity: 'In Stock',
  inventory_fulfillment_center_inventory_insufficient_quantity: 'Out of Stock',
  inventory_merchant_inventory_enough_quantity: 'In Stock (Merchant)',
  inventory_merchant_inventory_insufficient_quantity: 'Out of Stock',
  inventory_merchant_inventory_pending: 'Pending Stock',
  inventory_enough_items: 'Enough Items',
  inventory_out_of_items: 'Out of Items',
  inventory_pending: 'Inventory Pending',
  shipping_generated_awb: 'AWB Generated',
  shipping_canceled: 'Shipping Canceled',
  shipping_refused: 'Refused',
  shipping_personal_pickup: 'Personal Pickup',
  shipping_customer_pickup: 'Customer Pickup',
  shipping_out_for_delivery: 'Out for Delivery',
  shipping_in_parcel_locker: 'In Parcel Locker',
  shipping_redirected: 'Redirected',
  shipping_in_transit: 'In Transit',
  shipping_incorrect_address: 'Incorrect Address',
  shipping_unsuccessful_delivery: 'Unsuccessful Delivery',
  shipping_delivered: 'Delivered',
  shipping_returning_to_sender: 'Returning to Sender',
  shipping_received_by_sender: 'Received by Sender',
  shipment_not_generated: 'Shipment Not Generated',
  shipment_generating_awb: 'Generating AWB',
  shipment_generated_awb: 'AWB Generated',
  shipment_canceled: 'Shipment Canceled',
  shipment_invalid_shipping_address: 'Invalid Address',
} as const;

export type OrderStatusKey = keyof typeof ORDER_STATUS_LABELS;
export const ORDER_STATUS_KEYS = Object.keys(ORDER_STATUS_LABELS) as OrderStatusKey[];

export function isOrderStatusKey(key: string): key is OrderStatusKey {
  return Object.hasOwn(ORDER_STATUS_LABELS, key);
}

/** Display name of a status; an unknown key (the real backend may add some) shows as sentence-cased key. */
export function orderStatusLabel(key: string): string {
  if (isOrderStatusKey(key)) return ORDER_STATUS_LABELS[key];
  const words = key.replace(/_+$/, '').split('_').filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ') || key;
}

/**
 * Status-bar filter groups ("Filter groups"). Which statuses fall in Errors, Initializing and Canceled is
 * not a stated rule; decided in docs/decisions/contracts.md.
 */
export const ORDER_STATUS_GROUPS = [
  {
    id: 'errors',
    label: 'Errors',
    statuses: [
      'errors_fulfillment',
      'errors_miscellaneous_errors',
      'errors_incorrect_shipping_address',
      'invalid_address',
      'shipment_invalid_shipping_address',
      'out_of_stock',
      'inventory_fulfillment_center_inventory_insufficient_quantity',
      'inventory_merchant_inventory_insufficient_quantity',
      'inventory_out_of_items',
    ],
  },
  {
    id: 'awaiting_fulfillment_order',
    label: 'Awaiting Fulfillment Order',
    statuses: ['awaiting_fulfillment_order'],
  },
  {
    id: 'initializing',
    label: 'Initializing',
    statuses: [
      'initializing_fulfillment',
      'awaiting_fulfillment_initialization',
      'pending_fulfillment',
      'fulfillment_initialized',
      'sending',
    ],
  },
  { id: 'ready_for_picking', label: 'Ready for Picking', statuses: ['ready_for_picking'] },
  { id: 'in_picking', label: 'In Picking', statuses: ['in_picking', 'not_fulfilled'] },
  { id: 'waiting_for_courier', label: 'Waiting for Courier', statuses: ['waiting_for_courier'] },
  {
    id: 'in_transit',
    label: 'In Transit',
    statuses: [
      'shipping_in_transit',
      'shipping_unsuccessful_delivery',
      'shipping_incorrect_address',
      'shipping_refused',
      'shipping_customer_pickup',
      'shipping_redirected',
      'shipping_out_for_delivery',
      'shipping_in_parcel_locker',
    ],
  },
  {
    id: 'back_to_sender',
    label: 'Back to Sender',
    statuses: ['shipping_returning_to_sender', 'shipping_received_by_sender', 'back_to_sender'],
  },
  { id: 'lost', label: 'Lost', statuses: ['lost'] },
  { id: 'delivered', label: 'Delivered', statuses: ['shipping_delivered', 'fulfilled'] },
  { id: 'returned', label: 'Returned', statuses: ['returned'] },
  {
    id: 'canceled',
    label: 'Canceled',
    statuses: ['cancelled', 'fulfillment_cancelled', 'shipping_canceled', 'shipment_canceled'],
  },
] as const satisfies readonly { id: string; label: string; statuses: readonly OrderStatusKey[] }[];

export type OrderStatusGroupId = (typeof ORDER_STATUS_GROUPS)[number]['id'];

/** Statuses handled inside the warehouse. */
export const WAREHOUSE_STATUSES = [
  'ready_for_picking',
  'in_picking',
  'waiting_for_courier',
  'back_to_sender',
] as const;

/** Statuses an operator may set by hand ("Operator status changes"). */
export const OPERATOR_ORDER_STATUSES = [
  'shipping_delivered',
  'shipping_in_transit',
  'cancelled',
  'lost',
  'back_to_sender',
  'shipping_received_by_sender',
] as const;
export const operatorOrderStatusSchema = z.enum(OPERATOR_ORDER_STATUSES);
export type OperatorOrderStatus = z.infer<typeof operatorOrderStatusSchema>;

/** Final statuses: no cancel, no mark-as-lost. */
export const FINAL_ORDER_STATUSES = [
  'shipping_delivered',
  'back_to_sender',
  'returned',
  'cancelled',
  'lost',
] as const;

/** Statuses on the way back to the merchant. Not a stated rule; decided in docs/decisions/contracts.md. */
export const REVERSE_LOGISTICS_STATUSES = [
  'shipping_returning_to_sender',
  'shipping_received_by_sender',
  'shipping_refused',
  'shipping_unsuccessful_delivery',
] as const;

/** Statuses whose history entry shows a return arrow. */
export const RETURN_STATUSES = ['shipping_returning_to_sender', 'back_to_sender'] as const;

/** Order detail opens on History for these, otherwise on Comments. */
export const HISTORY_DEFAULT_STATUSES = ['shipping_delivered', 'returned', 'back_to_sender'] as const;

/** Comment age is hidden for these. */
export const COMMENT_AGE_HIDDEN_STATUSES = ['shipping_delivered', 'back_to_sender', 'lost'] as const;

/** Statuses that allow reissuing the shipping label. */
export const REISSUE_LABEL_STATUSES = ['ready_for_picking', 'in_picking', 'waiting_for_courier'] as const;

/** Invalid-address workflow (poc_1) may start only from this status. */
export const INVALID_ADDRESS_WORKFLOW_STATUS = 'errors_incorrect_shipping_address' as const;

export const INBOUND_STATUSES = [
  'draft',
  'in_transit',
  'arrived',
  'processing',
  'completed',
  'cancelled',
  'deleted',
] as const;
export const inboundStatusSchema = z.enum(INBOUND_STATUSES);
export type InboundStatus = z.infer<typeof inboundStatusSchema>;
export const INBOUND_STATUS_LABELS: Record<InboundStatus, string> = {
  draft: 'Draft',
  in_transit: 'In Transit',
  arrived: 'Arrived',
  processing: 'Processing',
  completed: 'Completed',
  deleted: 'Deleted',
  cancelled: 'Cancelled',
};
/** Statuses an operator can set on an inbound (Delete sets cancelled). */
export const OPERATOR_INBOUND_STATUSES = ['arrived', 'processing', 'cancelled'] as const;
export const operatorInboundStatusSchema = z.enum(OPERATOR_INBOUND_STATUSES);
export type OperatorInboundStatus = z.infer<typeof operatorInboundStatusSchema>;

export const INBOUND_ITEM_KINDS = ['truck', 'pallet', 'package'] as const;
export const inboundItemKindSchema = z.enum(INBOUND_ITEM_KINDS);
export type InboundItemKind = z.infer<typeof inboundItemKindSchema>;
