import { DEFAULT_ORDERS_FILTER, type OrdersFilter, setLateMode } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { decodeOrdersFilter, defaultOrdersFilter, encodeOrdersFilter } from './url-codec.js';

const roundTrip = (filter: OrdersFilter, defaults = DEFAULT_ORDERS_FILTER) =>
  decodeOrdersFilter(encodeOrdersFilter(filter, defaults), defaults);

describe('orders filter URL codec', () => {
  it('keeps the URL clean for the default filter', () => {
    expect(encodeOrdersFilter(DEFAULT_ORDERS_FILTER, DEFAULT_ORDERS_FILTER).toString()).toBe('');
    const mine = defaultOrdersFilter(['usr_me']);
    expect(encodeOrdersFilter(mine, mine).toString()).toBe('');
  });

  it('writes only what differs and restores it', () => {
    const filter: OrdersFilter = {
      ...DEFAULT_ORDERS_FILTER,
      reference: 'SHOP-12',
      statuses: ['in_picking', 'not_fulfilled'],
      fulfillmentCentersUIDS: ['fc_1'],
      sellingChannelsUIDS: ['sc_1', 'sc_2'],
      courierKeys: ['cargus_ro', 'urgent_cargus'],
      activeOrders: 'snoozed',
      payout: { selected: ['at_merchant'], late: null },
    };
    const params = encodeOrdersFilter(filter, DEFAULT_ORDERS_FILTER);
    expect(params.get('q')).toBe('SHOP-12');
    expect(params.get('status')).toBe('in_picking,not_fulfilled');
    expect(params.get('merchant')).toBe('sc_1,sc_2');
    expect(params.get('active')).toBe('snoozed');
    expect(params.has('prio')).toBe(false);
    expect(roundTrip(filter)).toEqual(filter);
  });

  it('round-trips late mode with its priority 4 and payout rules', () => {
    const late = setLateMode(
      { ...DEFAULT_ORDERS_FILTER, payout: { selected: ['at_merchant'], late: null } },
      true,
    );
    const params = encodeOrdersFilter(late, DEFAULT_ORDERS_FILTER);
    expect(params.get('late')).toBe('1');
    expect(params.get('prio')).toBe('0,1,2,3,4');
    expect(roundTrip(late)).toEqual(late);
    // A hand-written ?late=1 turns the whole late mode on.
    const decoded = decodeOrdersFilter(new URLSearchParams('late=1'), DEFAULT_ORDERS_FILTER);
    expect(decoded.status_late.status).toBe('late');
    expect(decoded.payout.late).toBe('late');
    expect(decoded.displayPriorities).toContain(4);
  });

  it('writes user=all when a non-support user clears their own default user', () => {
    const defaults = defaultOrdersFilter(['usr_me']);
    const everyone = { ...defaults, assignedUsersUIDS: [] };
    expect(encodeOrdersFilter(everyone, defaults).get('user')).toBe('all');
    expect(roundTrip(everyone, defaults)).toEqual(everyone);
    expect(decodeOrdersFilter(new URLSearchParams(''), defaults).assignedUsersUIDS).toEqual(['usr_me']);
  });

  it('drops malformed values instead of failing', () => {
    const decoded = decodeOrdersFilter(
      new URLSearchParams('prio=9,x,2,2&active=maybe&payout=collected,bogus&status=,,'),
      DEFAULT_ORDERS_FILTER,
    );
    expect(decoded.displayPriorities).toEqual([2]);
    expect(decoded.activeOrders).toBe('active');
    expect(decoded.payout.selected).toEqual(['collected']);
    expect(decoded.statuses).toEqual([]);
  });

  it('leaves parameters it does not own alone', () => {
    const params = encodeOrdersFilter(
      { ...DEFAULT_ORDERS_FILTER, reference: 'A1' },
      DEFAULT_ORDERS_FILTER,
      new URLSearchParams('state=abcdefghijklmnop&q=old'),
    );
    expect(params.get('state')).toBe('abcdefghijklmnop');
    expect(params.get('q')).toBe('A1');
  });
});
