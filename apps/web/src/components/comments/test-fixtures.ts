/** Test-only builders for orders and comments: contracts' builders with an in-picking, collected order. */
import type { Order } from '@waybill/contracts';
import { makeOrder as baseOrder } from '@waybill/contracts/test-fixtures';

export { makeComment } from '@waybill/contracts/test-fixtures';

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return baseOrder({
    aggregated_status: { key: 'in_picking', date: '2024-05-01T10:00:00' },
    payout: { status: { key: 'collected' }, late: { is_late: false } },
    ...overrides,
  });
}
