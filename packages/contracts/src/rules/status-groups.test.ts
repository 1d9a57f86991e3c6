import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_GROUPS, ORDER_STATUS_KEYS } from '../enums/order-status.js';
import {
  isAllStatuses,
  isStatusGroupSelected,
  isWarehouseStatus,
  showStatusGroupButtons,
  statusesOfGroup,
  statusGroupOf,
  toggleDisplayPriorities,
  toggleStatusGroup,
} from './status-groups.js';

describe('group of a status (status-bar filter groups)', () => {
  it.each([
    ['in_picking', 'in_picking'],
    ['not_fulfilled', 'in_picking'],
    ['ready_for_picking', 'ready_for_picking'],
    ['waiting_for_courier', 'waiting_for_courier'],
    ['awaiting_fulfillment_order', 'awaiting_fulfillment_order'],
    ['shipping_in_transit', 'in_transit'],
    ['shipping_unsuccessful_delivery', 'in_transit'],
    ['shipping_incorrect_address', 'in_transit'],
    ['shipping_refused', 'in_transit'],
    ['shipping_customer_pickup', 'in_transit'],
    ['shipping_redirected', 'in_transit'],
    ['shipping_out_for_delivery', 'in_transit'],
    ['shipping_in_parcel_locker', 'in_transit'],
    ['shipping_returning_to_sender', 'back_to_sender'],
    ['shipping_received_by_sender', 'back_to_sender'],
    ['back_to_sender', 'back_to_sender'],
    ['lost', 'lost'],
    ['shipping_delivered', 'delivered'],
    ['fulfilled', 'delivered'],
    ['returned', 'returned'],
    ['cancelled', 'canceled'],
    ['errors_miscellaneous_errors', 'errors'],
    ['errors_incorrect_shipping_address', 'errors'],
    ['initializing_fulfillment', 'initializing'],
    ['new_', null],
    ['unknown', null],
    ['made_up', null],
  ])('%s → %s', (status, group) => {
    expect(statusGroupOf(status)).toBe(group);
  });

  it('no status belongs to two groups, and every grouped status is a known key', () => {
    const seen = new Map<string, string>();
    for (const g of ORDER_STATUS_GROUPS) {
      for (const s of g.statuses) {
        expect(seen.has(s), `${s} in ${seen.get(s)} and ${g.id}`).toBe(false);
        seen.set(s, g.id);
        expect(ORDER_STATUS_KEYS).toContain(s);
      }
    }
  });

  it('statusGroupOf agrees with group membership for every known status', () => {
    for (const status of ORDER_STATUS_KEYS) {
      const group = ORDER_STATUS_GROUPS.find((g) => (g.statuses as readonly string[]).includes(status));
      expect(statusGroupOf(status)).toBe(group?.id ?? null);
    }
  });

  it('lists the twelve status-bar filter groups in their stated order', () => {
    expect(ORDER_STATUS_GROUPS.map((g) => g.label)).toEqual([
      'Errors',
      'Awaiting Fulfillment Order',
      'Initializing',
      'Ready for Picking',
      'In Picking',
      'Waiting for Courier',
      'In Transit',
      'Back to Sender',
      'Lost',
      'Delivered',
      'Returned',
      'Canceled',
    ]);
  });
});

describe('toggling status groups', () => {
  const inPicking = ['in_picking', 'not_fulfilled'];
  it.each<[string, string[], string, string[]]>([
    ['adds a group to an empty selection', [], 'in_picking', inPicking],
    ['removes a fully selected group', inPicking, 'in_picking', []],
    ['completes a partly selected group', ['not_fulfilled'], 'in_picking', ['not_fulfilled', 'in_picking']],
    ['keeps other statuses when removing', ['lost', ...inPicking], 'in_picking', ['lost']],
    ['keeps other statuses when adding', ['lost'], 'delivered', ['lost', 'shipping_delivered', 'fulfilled']],
    ['unknown group changes nothing', ['lost'], 'nope', ['lost']],
  ])('%s', (_name, selected, group, out) => {
    expect(toggleStatusGroup(selected, group)).toEqual(out);
  });

  it('toggling every group on then off returns to All Statuses', () => {
    let selected: string[] = [];
    for (const g of ORDER_STATUS_GROUPS) selected = toggleStatusGroup(selected, g.id);
    expect(selected.length).toBe(ORDER_STATUS_GROUPS.reduce((n, g) => n + g.statuses.length, 0));
    for (const g of ORDER_STATUS_GROUPS) {
      expect(isStatusGroupSelected(selected, g.id)).toBe(true);
      selected = toggleStatusGroup(selected, g.id);
      expect(isStatusGroupSelected(selected, g.id)).toBe(false);
    }
    expect(isAllStatuses(selected)).toBe(true);
  });

  it.each(ORDER_STATUS_GROUPS.map((g) => [g.id]))('group %s toggles on and off', (id) => {
    const on = toggleStatusGroup([], id);
    expect(on).toEqual(statusesOfGroup(id));
    expect(isStatusGroupSelected(on, id)).toBe(true);
    expect(toggleStatusGroup(on, id)).toEqual([]);
  });

  it('isStatusGroupSelected needs all statuses of the group', () => {
    expect(isStatusGroupSelected(['in_picking'], 'in_picking')).toBe(false);
    expect(isStatusGroupSelected(['in_picking', 'not_fulfilled'], 'in_picking')).toBe(true);
    expect(isStatusGroupSelected([], 'nope')).toBe(false);
  });
});

describe('display-priority toggle works the same way', () => {
  it.each([
    [
      [0, 1, 2, 3],
      [0, 1],
      [2, 3],
    ],
    [
      [2, 3],
      [0, 1],
      [2, 3, 0, 1],
    ],
    [[0, 1, 2, 3], [4], [0, 1, 2, 3, 4]],
    [[0, 1, 2, 3, 4], [4], [0, 1, 2, 3]],
    [
      [0, 2],
      [0, 1],
      [0, 2, 1],
    ],
    [[5], [5], []],
    [[0, 1], [], []],
  ])('%j toggle %j → %j', (selected, values, out) => {
    expect(toggleDisplayPriorities(selected, values)).toEqual(out);
  });
});

describe('status-group buttons and warehouse group', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [40, true],
  ])('%i available statuses → buttons %s', (n, shown) => {
    expect(showStatusGroupButtons(n)).toBe(shown);
  });
  it.each([
    ['ready_for_picking', true],
    ['in_picking', true],
    ['waiting_for_courier', true],
    ['back_to_sender', true],
    ['shipping_in_transit', false],
    ['not_fulfilled', false],
  ])('%s warehouse → %s', (status, yes) => {
    expect(isWarehouseStatus(status)).toBe(yes);
  });
});
