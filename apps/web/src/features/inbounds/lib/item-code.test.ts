import { describe, expect, it } from 'vitest';
import { itemCode } from './item-code.js';

describe('inventory item codes', () => {
  it('reads EAN and SKU codes', () => {
    const codes = [
      { key: 'sku', value: 'SKU-1' },
      { key: 'barcode', value: '5941234567890' },
    ];
    expect(itemCode(codes, 'sku')).toBe('SKU-1');
    expect(itemCode(codes, 'barcode')).toBe('5941234567890');
    expect(itemCode([], 'sku')).toBeNull();
  });
});
