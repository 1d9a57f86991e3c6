import { describe, expect, it } from 'vitest';
import { isOwnOnly } from '../../../components/empty-state/own-filter-empty.js';
import { makeOrder } from '../test/fixtures.js';
import { everywhereFilter, filterShowing, placeOf } from './search-hint.js';

describe('search outside the current filters', () => {
  it('searches every status, priority, user and activity for the reference', () => {
    const filter = everywhereFilter('WB1');
    expect(filter).toMatchObject({
      reference: 'WB1',
      statuses: [],
      displayPriorities: [],
      assignedUsersUIDS: [],
      activeOrders: 'all',
    });
  });

  it("names the order's status group, snoozed ones too", () => {
    const delivered = makeOrder();
    delivered.aggregated_status = { ...delivered.aggregated_status, key: 'shipping_delivered' };
    expect(placeOf(delivered)).toBe('Delivered');
    delivered.comments = { ...delivered.comments, status: 'snoozed' };
    expect(placeOf(delivered)).toBe('Delivered (snoozed)');
  });

  it("lists the order with its group's statuses", () => {
    const lost = makeOrder();
    lost.aggregated_status = { ...lost.aggregated_status, key: 'lost' };
    expect(filterShowing(lost, 'WB1')).toMatchObject({
      reference: 'WB1',
      statuses: ['lost'],
      activeOrders: 'all',
    });
  });

  it('knows a user filter on the signed-in user alone', () => {
    expect(isOwnOnly(['me'], 'me')).toBe(true);
    expect(isOwnOnly(['me', 'you'], 'me')).toBe(false);
    expect(isOwnOnly([], 'me')).toBe(false);
    expect(isOwnOnly(['me'], null)).toBe(false);
  });
});
