import { describe, expect, it } from 'vitest';
import type { FulfillmentCenter } from '../backend/reference.js';
import { FINAL_ORDER_STATUSES, ORDER_STATUS_KEYS } from '../enums/order-status.js';
import {
  COURIER_HANDS_STATUSES,
  canCancelOrder,
  canCreateInvalidAddressWorkflow,
  canInterruptInvalidAddressWorkflow,
  canMarkDelivered,
  canMarkInTransit,
  canMarkLost,
  canMarkReceivedBySender,
  canReissueAwb,
  INBOUND_ACTION_STATUS,
  isFinalOrderStatus,
  isParcelsDecrementDisabled,
  isReverseLogistics,
  isValidParcelCount,
  MARK_IN_TRANSIT_FROM,
  orderActionUnavailable,
  orderRowActions,
  parcelCountFromText,
  parcelCountProblem,
  ROW_ACTION_STATUS,
  STATUS_ACTIONS,
  statusAction,
  statusActionOf,
} from './order-actions.js';
import { makeOrder } from './test-fixtures.js';

const withStatus = (key: string, extra: Parameters<typeof makeOrder>[0] = {}) =>
  makeOrder({ aggregated_status: { key, date: '2024-06-01T00:00:00' }, ...extra });
const labelWarehouse = { settings: { shipping: { requires_shipping_label: true } } } as Pick<
  FulfillmentCenter,
  'settings'
>;
const noLabelWarehouse = { settings: { shipping: { requires_shipping_label: false } } } as Pick<
  FulfillmentCenter,
  'settings'
>;
const FINAL = FINAL_ORDER_STATUSES as readonly string[];
const HANDS = COURIER_HANDS_STATUSES as readonly string[];

describe('final statuses', () => {
  it.each(ORDER_STATUS_KEYS.map((k) => [k]))('%s', (status) => {
    expect(isFinalOrderStatus(status)).toBe(
      ['shipping_delivered', 'back_to_sender', 'returned', 'cancelled', 'lost'].includes(status),
    );
  });
});

describe('every status: cancel, lost, received by sender, delivered, in transit', () => {
  it.each(ORDER_STATUS_KEYS.map((k) => [k]))('%s', (status) => {
    const order = withStatus(status);
    const reverse = HANDS.includes(status);
    expect(isReverseLogistics(order)).toBe(reverse);
    expect(canCancelOrder(order)).toBe(!FINAL.includes(status) && !reverse);
    expect(canMarkLost(order)).toBe(!FINAL.includes(status));
    // Written out here, independently of the rule's lists: delivered only on the way out, received by
    // sender only on the way back.
    const outbound = [
      'shipping_in_transit',
      'shipping_unsuccessful_delivery',
      'shipping_incorrect_address',
      'shipping_refused',
      'shipping_customer_pickup',
      'shipping_personal_pickup',
      'shipping_redirected',
      'shipping_out_for_delivery',
      'shipping_in_parcel_locker',
    ];
    expect(canMarkReceivedBySender(order)).toBe(status === 'shipping_returning_to_sender');
    expect(canMarkDelivered(order)).toBe(outbound.includes(status));
    expect(canMarkInTransit(order)).toBe((MARK_IN_TRANSIT_FROM as readonly string[]).includes(status));
  });
});

describe('spelled-out cases', () => {
  it.each<
    [
      string,
      Partial<
        Record<'cancel' | 'markLost' | 'markDelivered' | 'markReceivedBySender' | 'markInTransit', boolean>
      >,
    ]
  >([
    [
      'ready_for_picking',
      {
        cancel: true,
        markLost: true,
        markDelivered: false,
        markReceivedBySender: false,
        markInTransit: false,
      },
    ],
    ['waiting_for_courier', { cancel: true, markLost: true, markDelivered: false, markInTransit: true }],
    [
      'shipping_in_transit',
      {
        cancel: false,
        markLost: true,
        markDelivered: true,
        markReceivedBySender: false,
        markInTransit: false,
      },
    ],
    ['shipping_out_for_delivery', { cancel: false, markDelivered: true, markInTransit: true }],
    [
      'shipping_returning_to_sender',
      { cancel: false, markLost: true, markReceivedBySender: true, markDelivered: false },
    ],
    ['shipping_received_by_sender', { cancel: false, markReceivedBySender: false, markDelivered: false }],
    [
      'shipping_delivered',
      { cancel: false, markLost: false, markDelivered: false, markReceivedBySender: false },
    ],
    [
      'cancelled',
      {
        cancel: false,
        markLost: false,
        markDelivered: false,
        markReceivedBySender: false,
        markInTransit: false,
      },
    ],
    ['lost', { cancel: false, markLost: false }],
    ['returned', { cancel: false, markLost: false }],
    ['back_to_sender', { cancel: false, markLost: false, markDelivered: false, markReceivedBySender: false }],
    [
      'new_',
      {
        cancel: true,
        markLost: true,
        markDelivered: false,
        markReceivedBySender: false,
        markInTransit: false,
      },
    ],
    ['errors_incorrect_shipping_address', { cancel: true, markLost: true }],
  ])('%s', (status, expected) => {
    expect(orderRowActions(withStatus(status), labelWarehouse)).toMatchObject({
      addComment: true,
      ...expected,
    });
  });

  it('reverse_logistics flags count as reverse logistics', () => {
    const returning = withStatus('ready_for_picking', {
      reverse_logistics: { in_transit: { value: true }, received: { value: false } },
    });
    expect(isReverseLogistics(returning)).toBe(true);
    expect(canCancelOrder(returning)).toBe(false);
    expect(canMarkReceivedBySender(returning)).toBe(true);
    const received = withStatus('ready_for_picking', {
      reverse_logistics: { in_transit: { value: false }, received: { value: true } },
    });
    expect(canMarkReceivedBySender(received)).toBe(false);
    expect(canMarkDelivered(received)).toBe(false);
    expect(isReverseLogistics(withStatus('ready_for_picking', { reverse_logistics: null }))).toBe(false);
  });

  it('a refused parcel the courier brings back (in-transit flag) offers Received by Sender, not Delivered', () => {
    const coming = { reverse_logistics: { in_transit: { value: true }, received: { value: false } } };
    expect(orderRowActions(withStatus('shipping_refused', coming), labelWarehouse)).toMatchObject({
      markReceivedBySender: true,
      markDelivered: false,
      cancel: false,
    });
    // Without the flag a refused parcel is still outbound: the courier may try again.
    expect(orderRowActions(withStatus('shipping_refused'), labelWarehouse)).toMatchObject({
      markReceivedBySender: false,
      markDelivered: true,
    });
    // The sim marks back_to_sender with both flags' received side: nothing to deliver or receive.
    const back = { reverse_logistics: { in_transit: { value: false }, received: { value: true } } };
    expect(orderRowActions(withStatus('back_to_sender', back), labelWarehouse)).toMatchObject({
      markReceivedBySender: false,
      markDelivered: false,
    });
  });
});

describe('Reissue AWB: label warehouse, fulfilment order with unique key, picking statuses', () => {
  const keyed = [{ unique_key: 'FO-1', external_identifier: null }];
  it.each(ORDER_STATUS_KEYS.map((k) => [k]))('%s', (status) => {
    const expected = ['ready_for_picking', 'in_picking', 'waiting_for_courier'].includes(status);
    expect(
      canReissueAwb(withStatus(status, { fulfillment_center_fulfillment_orders: keyed }), labelWarehouse),
    ).toBe(expected);
  });
  it.each<
    [string, Parameters<typeof makeOrder>[0], Pick<FulfillmentCenter, 'settings'> | null | undefined, boolean]
  >([
    ['all conditions', { fulfillment_center_fulfillment_orders: keyed }, labelWarehouse, true],
    ['warehouse needs no label', { fulfillment_center_fulfillment_orders: keyed }, noLabelWarehouse, false],
    ['unknown warehouse', { fulfillment_center_fulfillment_orders: keyed }, null, false],
    ['missing warehouse', { fulfillment_center_fulfillment_orders: keyed }, undefined, false],
    ['no fulfilment order', { fulfillment_center_fulfillment_orders: [] }, labelWarehouse, false],
    [
      'fulfilment order without key',
      { fulfillment_center_fulfillment_orders: [{ unique_key: null, external_identifier: 'x' }] },
      labelWarehouse,
      false,
    ],
    [
      'empty key',
      { fulfillment_center_fulfillment_orders: [{ unique_key: '', external_identifier: 'x' }] },
      labelWarehouse,
      false,
    ],
    [
      'second fulfilment order has the key',
      { fulfillment_center_fulfillment_orders: [{ unique_key: null, external_identifier: null }, ...keyed] },
      labelWarehouse,
      true,
    ],
  ])('%s → %s', (_name, extra, warehouse, expected) => {
    expect(canReissueAwb(withStatus('in_picking', extra), warehouse)).toBe(expected);
  });

  it.each([
    [1, true],
    [2, true],
    [3, false],
    [100, false],
  ])('boxes %i: minus disabled %s', (n, disabled) => {
    expect(isParcelsDecrementDisabled(n)).toBe(disabled);
  });
  it.each([
    [2, true],
    [999, true],
    [1000, true],
    [250000, true],
    [1, false],
    [0, false],
    [2.5, false],
    [Number.NaN, false],
    [Number.MAX_SAFE_INTEGER + 1, false],
  ])('boxes %d valid: %s (whole, at least 2, no upper bound)', (n, valid) => {
    expect(isValidParcelCount(n)).toBe(valid);
  });
});

describe('invalid-address workflow', () => {
  it.each(ORDER_STATUS_KEYS.map((k) => [k]))('create from %s only without a workflow', (status) => {
    const expected = status === 'errors_incorrect_shipping_address';
    expect(canCreateInvalidAddressWorkflow(withStatus(status))).toBe(expected);
    expect(canCreateInvalidAddressWorkflow(withStatus(status, { poc_1_workflow: { uid: 'wf-1' } }))).toBe(
      false,
    );
  });
  it.each([
    [{ uid: 'wf-1', status: 'running' }, true],
    [{ uid: 'wf-1' }, true],
    [{ uid: 'wf-1', status: null }, true],
    [{ uid: 'wf-1', status: 'interrupted' }, false],
    [{ uid: 'wf-1', status: 'completed' }, false],
    [{ uid: '', status: 'running' }, false],
    [null, false],
    [undefined, false],
  ])('interrupt %j → %s', (workflow, ok) => {
    expect(canInterruptInvalidAddressWorkflow(workflow)).toBe(ok);
  });
});

describe('action → status', () => {
  it('each order modal sets an operator status', () => {
    expect(ROW_ACTION_STATUS).toEqual({
      markInTransit: 'shipping_in_transit',
      markDelivered: 'shipping_delivered',
      markReceivedBySender: 'shipping_received_by_sender',
      markLost: 'lost',
      cancel: 'cancelled',
    });
  });
});

describe('inbound action → status', () => {
  it('delete sets cancelled', () => {
    expect(INBOUND_ACTION_STATUS).toEqual({
      markArrived: 'arrived',
      markProcessing: 'processing',
      delete: 'cancelled',
    });
  });
});

describe('STATUS_ACTIONS', () => {
  it("titles each date modal 'Mark Order as …', with the status it sets", () => {
    expect(STATUS_ACTIONS.map((a) => a.title)).toEqual([
      'Mark Order as In Transit',
      'Mark Order as Delivered',
      'Mark Order as Received By Sender',
      'Mark Order as Lost',
      'Mark Order as Cancelled',
    ]);
    for (const a of STATUS_ACTIONS) expect(a.status).toBe(ROW_ACTION_STATUS[a.action]);
    expect(statusAction('cancel').menuLabel).toBe('Cancel order');
  });
});

describe("reissue: the backend's limit on boxes", () => {
  it('names the limit above it, the minimum below it, and passes what fits', () => {
    expect(parcelCountProblem(99, 99)).toBeNull();
    expect(parcelCountProblem(150, 99)).toBe('At most 99 boxes can be reissued at once.');
    expect(parcelCountProblem(150, null)).toBeNull();
    expect(parcelCountProblem(1, 99)).toBe('Number of boxes must be a whole number of at least 2.');
    expect(parcelCountProblem(Number.NaN, 99)).toMatch(/whole number/);
  });
});

describe('reissue: the number of boxes typed', () => {
  it('reads plain whole numbers, and nothing from a typo', () => {
    expect(parcelCountFromText('3')).toBe(3);
    expect(parcelCountFromText(' 12 ')).toBe(12);
    expect(parcelCountFromText('007')).toBe(7);
    for (const typo of ['3.5', '2-3', '-5', '1e3', '3 boxes', '', '٣'])
      expect(parcelCountFromText(typo), typo).toBeNaN();
  });
});

describe('an action opened on an order that changed since', () => {
  it("says why it is no longer possible, in the menu's words, and nothing while it still is", () => {
    const open = withStatus('errors_incorrect_shipping_address');
    expect(orderActionUnavailable('markLost', open, null)).toBeNull();
    const cancelled = withStatus('cancelled');
    expect(orderActionUnavailable('markLost', cancelled, null)).toBe(
      'Mark as Lost is no longer possible: the order is Canceled now.',
    );
    const picking = withStatus('ready_for_picking');
    expect(orderActionUnavailable('reissueAwb', picking, labelWarehouse)).toBeNull();
    expect(orderActionUnavailable('reissueAwb', cancelled, labelWarehouse)).toBe(
      'Reissue AWB is no longer possible: the order is Canceled now.',
    );
  });

  it('finds the status action that sets a status', () => {
    for (const { action, status } of STATUS_ACTIONS) expect(statusActionOf(status)).toBe(action);
    expect(statusActionOf('shipping_refused')).toBeNull();
  });
});
