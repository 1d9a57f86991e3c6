import ExcelJS from 'exceljs';
import type { SimInbound, SimItem } from '../data/types.js';
import { iso } from '../util/time.js';

export interface InboundExportInput {
  inbound: SimInbound;
  items: ReadonlyMap<string, SimItem>;
  organizationName: string | null;
  warehouseName: string | null;
}

/** The inbound's details as an .xlsx: a summary block and one row per line item. */
export async function inboundWorkbook(input: InboundExportInput): Promise<Buffer> {
  const { inbound } = input;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Waybill backend-sim';
  workbook.created = new Date(inbound.updatedMs);
  const sheet = workbook.addWorksheet('Inbound');
  sheet.addRow(['Reception', inbound.name]);
  sheet.addRow(['Merchant', input.organizationName ?? '-']);
  sheet.addRow(['Warehouse', input.warehouseName ?? 'Not sent to warehouse!']);
  sheet.addRow(['Status', inbound.status]);
  sheet.addRow(['External identifier', inbound.identifier ?? '']);
  sheet.addRow(['Created', iso(inbound.createdMs)]);
  sheet.addRow(['Expected', inbound.expectedMs === null ? '' : iso(inbound.expectedMs)]);
  sheet.addRow([]);
  const header = sheet.addRow([
    'Product',
    'Variant',
    'SKU',
    'EAN',
    'Expected',
    'Sellable',
    'Missing',
    'Defects',
    'Junk',
  ]);
  header.font = { bold: true };
  for (const line of inbound.items) {
    const item = input.items.get(line.inventory_item_uid);
    sheet.addRow([
      item?.title_1 ?? '',
      item?.title_2 ?? '',
      item?.sku ?? '',
      item?.barcode ?? '',
      line.incoming,
      line.available,
      line.missing,
      line.defects,
      line.junk,
    ]);
  }
  sheet.columns.forEach((column, i) => {
    column.width = i < 2 ? 28 : 16;
  });
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}
