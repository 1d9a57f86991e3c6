import { INBOUND_STATUS_LABELS, inboundStatusPill, productTitle, timeZoneOffsetMs } from '@waybill/contracts';
import ExcelJS from 'exceljs';
import type { SimFulfillmentCenter, SimInbound, SimItem } from '../data/types.js';
import { wireInbound } from '../wire.js';

export interface InboundExportInput {
  inbound: SimInbound;
  items: ReadonlyMap<string, SimItem>;
  organizationName: string | null;
  warehouse: SimFulfillmentCenter | null;
  nowMs: number;
}

/** Excel date cells: day, month, year and time, as the console writes dates (day first). */
export const EXPORT_DATE_FORMAT = 'dd mmm yyyy hh:mm';
const ITEM_HEADER = [
  'Product',
  'Variant',
  'SKU',
  'EAN',
  'Expected',
  'Sellable',
  'Missing',
  'Defects',
  'Junk',
];
// Above exceljs's default of 9, which it leaves out of the file (Excel then uses its own 8.43).
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;
const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Excel stores wall-clock times without a zone, so a date cell holds the time in `timeZone` (a Date
 * whose UTC fields read as that wall-clock time, to the second).
 */
function wallClock(ms: number | null, timeZone: string): Date | null {
  if (ms === null) return null;
  const seconds = Math.floor(ms / 1000) * 1000;
  return new Date(seconds + timeZoneOffsetMs(new Date(seconds), timeZone));
}

function countryName(code: string): string {
  try {
    return `${COUNTRY_NAMES.of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}

/** Width in characters of what a cell shows (dates as their formatted length). */
function shownLength(value: ExcelJS.CellValue): number {
  if (value instanceof Date) return EXPORT_DATE_FORMAT.length + 1;
  if (value === null || value === undefined) return 0;
  return String(value).length;
}

/**
 * The inbound's details as an .xlsx: a summary block (status and late flag with the console's
 * labels, dates as Excel dates in UTC like the console's inbound dates), then one row per line item under a
 * bold header that stays frozen while scrolling; columns as wide as their content.
 */
export async function inboundWorkbook(input: InboundExportInput): Promise<Buffer> {
  const { inbound, warehouse } = input;
  // The console shows inbound dates in UTC (the status pill's rule): the file says the same times.
  const timeZone = 'UTC';
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Waybill backend-sim';
  workbook.created = new Date(inbound.updatedMs);
  const sheet = workbook.addWorksheet('Inbound');
  // Late as the console shows it: the hourglass rule (never for draft, completed or cancelled).
  const late = inboundStatusPill(wireInbound(inbound), new Date(input.nowMs)).hourglass;
  const summary: [string, ExcelJS.CellValue][] = [
    ['Reception', inbound.name],
    ['Merchant', input.organizationName ?? '-'],
    ['Warehouse', warehouse?.name ?? 'Not sent to warehouse!'],
    ['Warehouse country', warehouse ? countryName(warehouse.country) : '-'],
    ['Status', INBOUND_STATUS_LABELS[inbound.status]],
    ['Late', late ? 'Yes' : 'No'],
    ['External identifier', inbound.identifier ?? ''],
    ['Created', wallClock(inbound.createdMs, timeZone)],
    ['Expected', wallClock(inbound.expectedMs, timeZone) ?? ''],
    ['Updated', wallClock(inbound.updatedMs, timeZone)],
    ['Time zone', timeZone],
  ];
  for (const [label, value] of summary) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    if (value instanceof Date) row.getCell(2).numFmt = EXPORT_DATE_FORMAT;
  }
  sheet.addRow([]);
  const header = sheet.addRow(ITEM_HEADER);
  header.font = { bold: true };
  // Everything above the item rows stays in view.
  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: header.number }];
  for (const line of inbound.items) {
    const item = input.items.get(line.inventory_item_uid);
    sheet.addRow([
      productTitle(item?.title_1),
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
  const widths: number[] = [];
  sheet.eachRow((row) => {
    row.eachCell((cell, col) => {
      widths[col - 1] = Math.max(widths[col - 1] ?? 0, shownLength(cell.value));
    });
  });
  widths.forEach((width, i) => {
    sheet.getColumn(i + 1).width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width + 2));
  });
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}
