import { describe, expect, it } from 'vitest';
import { expectedText, itemCode, problemText, sellableText, warehouseIconSize } from './quantities.js';

describe('inbound quantities and variants', () => {
  it('sizes the warehouse icon by incoming total', () => {
    expect(warehouseIconSize(1001)).toBe('large');
    expect(warehouseIconSize(1000)).toBe('mid');
    expect(warehouseIconSize(501)).toBe('mid');
    expect(warehouseIconSize(500)).toBe('small');
    expect(warehouseIconSize(0)).toBe('small');
  });

  it('displays quantities with N/A, dashes, the not-sellable case and grouping', () => {
    expect(expectedText(0)).toBe('N/A');
    expect(expectedText(1500)).toBe('1,500');
    expect(problemText(0)).toBe('–');
    expect(problemText(2)).toBe('2');
    expect(sellableText(0)).toBeNull();
    expect(sellableText(12000)).toBe('12,000');
  });

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
