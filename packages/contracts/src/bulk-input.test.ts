import { describe, expect, it } from 'vitest';
import { BULK_ORDERS_CEILING, bulkOrdersInputSchema } from './bulk-input.js';

const status = { kind: 'status', status: 'lost', happenedAt: '2024-06-01T10:00:00Z' } as const;

describe('bulkOrdersInputSchema', () => {
  it('accepts a status change and a comment', () => {
    expect(bulkOrdersInputSchema.safeParse({ action: status, orderUids: ['a', 'b'] }).success).toBe(true);
    const comment = { kind: 'comment', text: 'Called the courier' };
    expect(bulkOrdersInputSchema.safeParse({ action: comment, orderUids: ['a'] }).success).toBe(true);
  });

  it('refuses an empty selection, one above the ceiling, and a status no row action sets', () => {
    const empty = bulkOrdersInputSchema.safeParse({ action: status, orderUids: [] });
    expect(empty.error?.issues[0]?.message).toBe('tick at least one order');
    const many = Array.from({ length: BULK_ORDERS_CEILING + 1 }, (_, i) => `o${i}`);
    expect(bulkOrdersInputSchema.safeParse({ action: status, orderUids: many }).success).toBe(false);
    const other = { ...status, status: 'new_' };
    expect(bulkOrdersInputSchema.safeParse({ action: other, orderUids: ['a'] }).success).toBe(false);
  });

  it('refuses a comment too short to send', () => {
    const short = bulkOrdersInputSchema.safeParse({
      action: { kind: 'comment', text: ' ok ' },
      orderUids: ['a'],
    });
    expect(short.error?.issues[0]?.message).toMatch(/longer than/);
  });
});
