import { describe, expect, it } from 'vitest';
import type { FulfillmentCenter } from '../backend/reference.js';
import { BULK_ACTIONS, bulkActions, rangeBetween } from './bulk-actions.js';
import { makeOrder } from './test-fixtures.js';

const withStatus = (key: string) => makeOrder({ aggregated_status: { key, date: '2024-06-01T00:00:00' } });
const warehouse = { settings: { shipping: { requires_shipping_label: true } } } as Pick<
  FulfillmentCenter,
  'settings'
>;
const rows = (...statuses: string[]) => statuses.map((s) => ({ order: withStatus(s), warehouse }));

describe('bulkActions (intersection of the row actions)', () => {
  it('offers nothing for an empty selection', () => {
    expect(bulkActions([])).toEqual([]);
  });

  it('offers one row its own row actions, without Reissue AWB', () => {
    expect(bulkActions(rows('shipping_in_transit'))).toEqual(['addComment', 'markDelivered', 'markLost']);
  });

  it('offers only what every ticked row allows', () => {
    // In transit allows Delivered and Lost; a new order allows Lost and Cancel: Lost is common.
    expect(bulkActions(rows('shipping_in_transit', 'new_'))).toEqual(['addComment', 'markLost']);
  });

  it('offers only the comment when a final order is ticked', () => {
    expect(bulkActions(rows('new_', 'shipping_delivered'))).toEqual(['addComment']);
  });

  it('keeps the menu order', () => {
    const offered = bulkActions(rows('waiting_for_courier'));
    expect(offered).toEqual(BULK_ACTIONS.filter((a) => offered.includes(a)));
    expect(offered).toContain('markInTransit');
  });
});

describe('rangeBetween (Shift-click)', () => {
  const uids = ['a', 'b', 'c', 'd', 'e'];
  it('selects from the last clicked row down to this one', () => {
    expect(rangeBetween(uids, 'b', 'd')).toEqual(['b', 'c', 'd']);
  });
  it('selects upwards too', () => {
    expect(rangeBetween(uids, 'e', 'c')).toEqual(['c', 'd', 'e']);
  });
  it('selects just this row without an anchor, or when the anchor left the list', () => {
    expect(rangeBetween(uids, null, 'c')).toEqual(['c']);
    expect(rangeBetween(uids, 'gone', 'c')).toEqual(['c']);
  });
  it('selects nothing when this row is not listed', () => {
    expect(rangeBetween(uids, 'a', 'zz')).toEqual([]);
  });
});
