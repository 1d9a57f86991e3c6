/** Codes of an inventory item: 'barcode' is the EAN, 'sku' the SKU. */
export function itemCode(
  codes: readonly { key: string; value: string }[],
  key: 'sku' | 'barcode',
): string | null {
  return codes.find((c) => c.key === key && c.value)?.value ?? null;
}
