import { WAREHOUSE_ICON_LARGE_ABOVE, WAREHOUSE_ICON_MID_ABOVE } from '@waybill/contracts';
import { formatCount } from './format.js';

export type WarehouseIconSize = 'large' | 'mid' | 'small';

/** Warehouse icon size by incoming_total: above 1000 largest, above 500 mid, otherwise small. */
export function warehouseIconSize(incomingTotal: number): WarehouseIconSize {
  if (incomingTotal > WAREHOUSE_ICON_LARGE_ABOVE) return 'large';
  if (incomingTotal > WAREHOUSE_ICON_MID_ABOVE) return 'mid';
  return 'small';
}

/** Expected stock: 0 shows 'N/A'. */
export function expectedText(value: number): string {
  return value === 0 ? 'N/A' : formatCount(value);
}

/** Missing, defects and junk: a dash when 0. */
export function problemText(value: number): string {
  return value === 0 ? '–' : formatCount(value);
}

/** Sellable: null when 0 (the cell shows a not-sellable icon instead). */
export function sellableText(value: number): string | null {
  return value === 0 ? null : formatCount(value);
}

/** Codes of an inventory item: 'barcode' is the EAN, 'sku' the SKU. */
export function itemCode(
  codes: readonly { key: string; value: string }[],
  key: 'sku' | 'barcode',
): string | null {
  return codes.find((c) => c.key === key && c.value)?.value ?? null;
}
