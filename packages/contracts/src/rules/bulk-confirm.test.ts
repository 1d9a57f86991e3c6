import { describe, expect, it } from 'vitest';
import { BULK_CONFIRM_OVER, bulkNeedsConfirm } from './bulk-confirm.js';

describe('bulk confirmation', () => {
  it('asks over 20 orders and not at 20 or fewer', () => {
    expect(BULK_CONFIRM_OVER).toBe(20);
    expect(bulkNeedsConfirm(1)).toBe(false);
    expect(bulkNeedsConfirm(20)).toBe(false);
    expect(bulkNeedsConfirm(21)).toBe(true);
    expect(bulkNeedsConfirm(1000)).toBe(true);
  });
});
