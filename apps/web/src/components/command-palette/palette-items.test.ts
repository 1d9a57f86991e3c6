import { DEFAULT_ORDERS_FILTER } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { everyStatusFilter, paletteItems } from './palette-items.js';

const order = (uid: string, reference: string) => ({
  uid,
  reference,
  aggregated_status: { key: 'shipping_delivered', date: '2024-06-01T00:00:00' },
});

describe('command palette items', () => {
  it('looks orders up in every status, priority and snooze state', () => {
    const filter = everyStatusFilter(' 1234 ');
    expect(filter.reference).toBe('1234');
    expect(filter.statuses).toEqual([]);
    expect(filter.activeOrders).toBe('all');
    expect(filter.displayPriorities).toEqual([0, 1, 2, 3, 4, 5]);
    expect(DEFAULT_ORDERS_FILTER.activeOrders).not.toBe('all');
  });

  it('lists found orders first, then screens and saved views matching the query', () => {
    const views = [{ id: 'v1', name: 'Late in transit', path: '/realtime', search: 'late=1' }];
    const items = paletteItems('in', [order('o1', '1001')], views, () => 'Delivered');
    expect(items.map((i) => [i.group, i.label, i.href])).toEqual([
      ['Orders', 'Order #1001', '/realtime/order?uid=o1'],
      ['Screens', 'Inbounds', '/inbounds'],
      ['Saved views', 'Mine: orders I hold', '/realtime?mine=1'],
      ['Saved views', 'Late in transit', '/realtime?late=1'],
    ]);
    expect(items[0]?.hint).toBe('Delivered');
  });

  it('lists every screen and view for an empty query', () => {
    expect(paletteItems('', [], [], () => '').map((i) => i.label)).toEqual([
      'Realtime orders',
      'Inbounds',
      'Clients',
      'Team activity',
      'My account',
      'Mine: orders I hold',
    ]);
  });
});

describe('palette ranking', () => {
  it('puts the order whose reference is the query first, then reference prefixes, then the rest', () => {
    const found = [order('o1', 'X1001'), order('o2', '10010'), order('o3', '1001')];
    expect(paletteItems('1001', found, [], () => '').map((i) => i.label)).toEqual([
      'Order #1001',
      'Order #10010',
      'Order #X1001',
    ]);
  });
});
