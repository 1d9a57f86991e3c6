import { describe, expect, it } from 'vitest';
import { makeComment, makeOrder } from '../test/fixtures.js';
import { commentOverview, commentsByOrder, courierCell, orderDetailHref } from './order-row.js';

// The label link, warehouse code and provider marker are contracts' order-display rules, tested there.
describe('order row view', () => {
  it('builds a tracking link only with a known courier key', () => {
    expect(courierCell(makeOrder()).trackingUrl).toContain('TRK123');
    const unknown = courierCell(makeOrder({ aggregated_courier: { key: 'mystery', tracking_number: 'X1' } }));
    expect(unknown).toMatchObject({ known: false, name: 'Courier', trackingUrl: null });
    expect(courierCell(makeOrder({ aggregated_courier: null })).trackingNumber).toBeNull();
  });

  it('summarises comments and links to the detail overlay', () => {
    const comments = commentsByOrder([
      makeComment({ uid: 'a', created_at: '2024-05-01T10:00:00' }),
      makeComment({
        uid: 'b',
        created_at: '2024-05-02T10:00:00',
        seen_by: [{ user_uid: 'me', seen_at: '2024-05-03T00:00:00' }],
      }),
    ]);
    const overview = commentOverview(
      makeOrder({ comments: { count_: 2, status: null, team: null, until: null } }),
      comments.get('ord-1'),
      'me',
    );
    expect(overview.latest?.uid).toBe('b');
    expect(overview.unread).toBe(1);
    expect(orderDetailHref('ord-1', overview)).toBe('/realtime/order?uid=ord-1&hasUnread=true&cached=true');
    expect(orderDetailHref('ord-1', { total: 0, unread: 0 })).toBe(
      '/realtime/order?uid=ord-1&newComment=true&cached=true',
    );
  });
});
