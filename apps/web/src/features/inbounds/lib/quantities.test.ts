import { describe, expect, it } from 'vitest';
import {
  expectedText,
  isNewItem,
  itemCode,
  problemText,
  sellableText,
  transportLabel,
  warehouseIconSize,
} from './quantities.js';

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

  it('tags items created under 30 days ago as NEW', () => {
    const now = new Date('2024-05-31T00:00:00Z');
    expect(isNewItem('2024-05-02T00:00:01Z', now)).toBe(true);
    expect(isNewItem('2024-05-01T00:00:00Z', now)).toBe(false);
    expect(isNewItem(null, now)).toBe(false);
  });

  it('labels transport toggles in singular and plural', () => {
    expect(transportLabel('truck', 1)).toBe('1 Truck');
    expect(transportLabel('truck', 3)).toBe('3 Trucks');
    expect(transportLabel('pallet', 1)).toBe('1 Pallet');
    expect(transportLabel('pallet', 2)).toBe('2 Pallets');
    expect(transportLabel('package', 1)).toBe('1 Box');
    expect(transportLabel('package', 4)).toBe('4 Boxes');
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
