import type { Order, Workflow } from '../backend/orders.js';
import type { FulfillmentCenter } from '../backend/reference.js';
import { REISSUE_MIN_PARCELS } from '../constants.js';
import {
  FINAL_ORDER_STATUSES,
  INVALID_ADDRESS_WORKFLOW_STATUS,
  orderStatusLabel,
  REISSUE_LABEL_STATUSES,
} from '../enums/order-status.js';

/**
 * On the way to the customer: the courier statuses before delivery. Mark as Delivered is offered only
 * here (decided in docs/decisions/contracts.md: a parcel coming back cannot be delivered).
 */
export const OUTBOUND_COURIER_STATUSES = [
  'shipping_in_transit',
  'shipping_unsuccessful_delivery',
  'shipping_incorrect_address',
  'shipping_refused',
  'shipping_customer_pickup',
  'shipping_personal_pickup',
  'shipping_redirected',
  'shipping_out_for_delivery',
  'shipping_in_parcel_locker',
] as const;

/**
 * Row actions of the 'Order Options' menu ("Row actions by status").
 *
 * "Reverse-logistics status" is not a stated test; decided in docs/decisions/contracts.md. For Cancel it
 * means the parcel has left the warehouse and is in the courier's hands, going out or coming back (no
 * cancel once shipped); the order's reverse_logistics flags also count.
 */
export const COURIER_HANDS_STATUSES = [
  ...OUTBOUND_COURIER_STATUSES,
  'shipping_delivered',
  'shipping_returning_to_sender',
  'shipping_received_by_sender',
] as const;

/** Statuses that say the parcel is back with the sender. */
const BACK_AT_SENDER = ['shipping_received_by_sender', 'back_to_sender'];

/**
 * Not a stated rule; decided in docs/decisions/contracts.md: In Transit can be set once a label exists or
 * the courier has it, until it is delivered or returned.
 */
export const MARK_IN_TRANSIT_FROM = [
  'waiting_for_courier',
  'shipping_generated_awb',
  'shipment_generated_awb',
  'shipping_unsuccessful_delivery',
  'shipping_incorrect_address',
  'shipping_refused',
  'shipping_customer_pickup',
  'shipping_personal_pickup',
  'shipping_redirected',
  'shipping_out_for_delivery',
  'shipping_in_parcel_locker',
] as const;

type OrderForActions = Pick<
  Order,
  'aggregated_status' | 'reverse_logistics' | 'fulfillment_center_fulfillment_orders'
>;

const includes = (list: readonly string[], value: string) => list.includes(value);

export function isFinalOrderStatus(status: string): boolean {
  return includes(FINAL_ORDER_STATUSES, status);
}

export function isReverseLogistics(order: Pick<Order, 'aggregated_status' | 'reverse_logistics'>): boolean {
  const rl = order.reverse_logistics;
  return (
    includes(COURIER_HANDS_STATUSES, order.aggregated_status.key) ||
    rl?.in_transit.value === true ||
    rl?.received.value === true
  );
}

/** Cancel: not final (delivered, back_to_sender, returned, cancelled, lost) and not reverse logistics. */
export function canCancelOrder(order: OrderForActions): boolean {
  return !isFinalOrderStatus(order.aggregated_status.key) && !isReverseLogistics(order);
}

/** Mark as Lost: offered unless the status is final. */
export function canMarkLost(order: Pick<Order, 'aggregated_status'>): boolean {
  return !isFinalOrderStatus(order.aggregated_status.key);
}

/** The parcel is back with the sender: by status, or by the reverse_logistics received flag. */
export function isBackAtSender(order: Pick<Order, 'aggregated_status' | 'reverse_logistics'>): boolean {
  return (
    includes(BACK_AT_SENDER, order.aggregated_status.key) || order.reverse_logistics?.received.value === true
  );
}

/**
 * A return is under way: shipping_returning_to_sender, or the reverse_logistics in-transit flag (a
 * refused or undeliverable parcel the courier is bringing back), and it has not arrived yet.
 */
export function isReturnUnderway(order: Pick<Order, 'aggregated_status' | 'reverse_logistics'>): boolean {
  const underway =
    order.aggregated_status.key === 'shipping_returning_to_sender' ||
    order.reverse_logistics?.in_transit.value === true;
  return underway && !isBackAtSender(order);
}

/**
 * Mark as Received by Sender: a return is under way (the return side of "reverse logistics"), the
 * status is not final and not received by sender already. Not for an outbound parcel.
 */
export function canMarkReceivedBySender(order: OrderForActions): boolean {
  return !isFinalOrderStatus(order.aggregated_status.key) && isReturnUnderway(order);
}

/**
 * Mark as Delivered: the parcel is on its way to the customer (OUTBOUND_COURIER_STATUSES, the outbound
 * side of "reverse logistics"), not delivered, not coming back and not back with the sender.
 */
export function canMarkDelivered(order: OrderForActions): boolean {
  return (
    includes(OUTBOUND_COURIER_STATUSES, order.aggregated_status.key) &&
    !isReturnUnderway(order) &&
    !isBackAtSender(order)
  );
}

/** Mark as In Transit (not a stated rule): see MARK_IN_TRANSIT_FROM. */
export function canMarkInTransit(order: Pick<Order, 'aggregated_status'>): boolean {
  return includes(MARK_IN_TRANSIT_FROM, order.aggregated_status.key);
}

/**
 * Reissue AWB: the warehouse requires a shipping label, the order has a fulfilment order with a
 * unique key, and the status is ready_for_picking, in_picking or waiting_for_courier.
 */
export function canReissueAwb(
  order: Pick<Order, 'aggregated_status' | 'fulfillment_center_fulfillment_orders'>,
  warehouse: Pick<FulfillmentCenter, 'settings'> | null | undefined,
): boolean {
  return (
    warehouse?.settings.shipping.requires_shipping_label === true &&
    order.fulfillment_center_fulfillment_orders.some(
      (f) => typeof f.unique_key === 'string' && f.unique_key !== '',
    ) &&
    includes(REISSUE_LABEL_STATUSES, order.aggregated_status.key)
  );
}

export interface OrderRowActions {
  addComment: boolean;
  markInTransit: boolean;
  markDelivered: boolean;
  markReceivedBySender: boolean;
  markLost: boolean;
  cancel: boolean;
  reissueAwb: boolean;
}

/** Every action's availability for one row; Add comment is always offered. */
export function orderRowActions(
  order: OrderForActions,
  warehouse: Pick<FulfillmentCenter, 'settings'> | null | undefined,
): OrderRowActions {
  return {
    addComment: true,
    markInTransit: canMarkInTransit(order),
    markDelivered: canMarkDelivered(order),
    markReceivedBySender: canMarkReceivedBySender(order),
    markLost: canMarkLost(order),
    cancel: canCancelOrder(order),
    reissueAwb: canReissueAwb(order, warehouse),
  };
}

/** The operator status each modal sets. */
export const ROW_ACTION_STATUS = {
  markInTransit: 'shipping_in_transit',
  markDelivered: 'shipping_delivered',
  markReceivedBySender: 'shipping_received_by_sender',
  markLost: 'lost',
  cancel: 'cancelled',
} as const;

export type StatusAction = keyof typeof ROW_ACTION_STATUS;

/**
 * The status changes that ask for a date, in menu order: the menu item (row and detail menus),
 * the modal's title (date modals: "Mark Order as Delivered, In Transit, Received By Sender, Lost, and
 * Cancelled") and what the date means.
 */
export const STATUS_ACTIONS: readonly {
  action: StatusAction;
  status: (typeof ROW_ACTION_STATUS)[StatusAction];
  menuLabel: string;
  title: string;
  dateLabel: string;
}[] = [
  {
    action: 'markInTransit',
    status: ROW_ACTION_STATUS.markInTransit,
    menuLabel: 'Mark as In Transit',
    title: 'Mark Order as In Transit',
    dateLabel: 'Date handed to the courier',
  },
  {
    action: 'markDelivered',
    status: ROW_ACTION_STATUS.markDelivered,
    menuLabel: 'Mark as Delivered',
    title: 'Mark Order as Delivered',
    dateLabel: 'Delivery date',
  },
  {
    action: 'markReceivedBySender',
    status: ROW_ACTION_STATUS.markReceivedBySender,
    menuLabel: 'Mark as Received by Sender',
    title: 'Mark Order as Received By Sender',
    dateLabel: 'Date received back',
  },
  {
    action: 'markLost',
    status: ROW_ACTION_STATUS.markLost,
    menuLabel: 'Mark as Lost',
    title: 'Mark Order as Lost',
    dateLabel: 'Date the parcel was lost',
  },
  {
    action: 'cancel',
    status: ROW_ACTION_STATUS.cancel,
    menuLabel: 'Cancel order',
    title: 'Mark Order as Cancelled',
    dateLabel: 'Cancellation date',
  },
];

/** One status action by name. */
export function statusAction(action: StatusAction): (typeof STATUS_ACTIONS)[number] {
  const found = STATUS_ACTIONS.find((a) => a.action === action);
  if (!found) throw new Error(`unknown status action ${action}`);
  return found;
}

/** An action a modal opens on an order: a status change or Reissue AWB. */
export type OrderModalAction = StatusAction | 'reissueAwb';

/**
 * Why `action` can no longer be done on the order as it is now (someone changed it since the modal
 * opened), in the console's words; null while it still can.
 */
export function orderActionUnavailable(
  action: OrderModalAction,
  order: OrderForActions,
  warehouse: Pick<FulfillmentCenter, 'settings'> | null | undefined,
): string | null {
  if (orderRowActions(order, warehouse)[action]) return null;
  const name = action === 'reissueAwb' ? 'Reissue AWB' : statusAction(action).menuLabel;
  return `${name} is no longer possible: the order is ${orderStatusLabel(order.aggregated_status.key)} now.`;
}

/** The status action that sets `status`, if a modal sets it. */
export function statusActionOf(status: string): StatusAction | null {
  return STATUS_ACTIONS.find((a) => a.status === status)?.action ?? null;
}

/** Invalid-address workflow (poc_1): created only from errors_incorrect_shipping_address when none exists. */
export function canCreateInvalidAddressWorkflow(
  order: Pick<Order, 'aggregated_status' | 'poc_1_workflow'>,
): boolean {
  return order.aggregated_status.key === INVALID_ADDRESS_WORKFLOW_STATUS && !order.poc_1_workflow;
}

const WORKFLOW_ENDED = ['interrupted', 'completed', 'cancelled', 'failed'];

/** An existing workflow can be interrupted until it has ended. */
export function canInterruptInvalidAddressWorkflow(
  workflow: (Pick<Workflow, 'uid'> & { status?: string | null | undefined }) | null | undefined,
): boolean {
  if (!workflow?.uid) return false;
  return !WORKFLOW_ENDED.includes(workflow.status ?? '');
}

/**
 * The operator status each inbound modal sets (Delete sets cancelled). All four inbound actions
 * (these three and Export) are offered whatever the status.
 */
export const INBOUND_ACTION_STATUS = {
  markArrived: 'arrived',
  markProcessing: 'processing',
  delete: 'cancelled',
} as const;

/** Reissue label: number of boxes, default 2, minimum 2 (minus disabled at 2 or below), no upper bound. */
export function isParcelsDecrementDisabled(numberOfParcels: number): boolean {
  return numberOfParcels <= REISSUE_MIN_PARCELS;
}

/** Reissue label: a whole number of boxes, at least REISSUE_MIN_PARCELS, and no upper bound. */
export function isValidParcelCount(numberOfParcels: number): boolean {
  return Number.isSafeInteger(numberOfParcels) && numberOfParcels >= REISSUE_MIN_PARCELS;
}

/**
 * Why a number of boxes cannot be reissued, in words, or null when it can. The modal itself has no
 * upper bound; `max` is the backend's (the gateway's REISSUE_MAX_PARCELS), named when it is passed.
 */
export function parcelCountProblem(numberOfParcels: number, max: number | null): string | null {
  if (!isValidParcelCount(numberOfParcels))
    return `Number of boxes must be a whole number of at least ${REISSUE_MIN_PARCELS}.`;
  if (max !== null && numberOfParcels > max) return `At most ${max} boxes can be reissued at once.`;
  return null;
}

/**
 * The number of boxes a typed or pasted text says, or NaN when it is not a plain whole number.
 * "3.5", "2-3", "-5" or "1e3" are typos to correct, not 35, 23, 5 or 13 boxes: a reissued label
 * cannot be un-issued at the courier, so nothing is guessed from them.
 */
export function parcelCountFromText(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
