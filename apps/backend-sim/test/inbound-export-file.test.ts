import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimInbound } from '../src/data/types.js';
import type { RunningSim } from '../src/index.js';
import { call, EPOCH, login, parseData, startTestSim } from './helpers.js';

let sim: RunningSim;
let token: string;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH, orders: 50, inbounds: 400, stores: 20 });
  token = await login(sim);
});
afterAll(() => sim.close());

async function exportWorkbook(inbound: SimInbound): Promise<ExcelJS.Worksheet> {
  let { report } = parseData(
    'inbounds.export',
    await call(sim, 'GET', `/inventory_receipts/reports/export?inventory_receipt_uid=${inbound.uid}`, {
      token,
    }),
  );
  for (let i = 0; i < 10 && !report.completed; i += 1) {
    report = parseData(
      'inbounds.exportCheck',
      await call(sim, 'GET', `/inventory_receipts/reports/export/check?uid=${report.uid}`, { token }),
    ).report;
  }
  const file = await fetch(report.download_url!);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  return workbook.getWorksheet('Inbound')!;
}

/** The wall-clock time of an instant in a zone, 'YYYY-MM-DD hh:mm:ss', from Intl alone. */
function localTime(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** What Excel shows for a date cell read back as a Date (its UTC fields are the wall clock). */
function cellTime(value: unknown): string {
  expect(value).toBeInstanceOf(Date);
  // Excel keeps times as fractions of a day; round to the second before comparing.
  const rounded = Math.round((value as Date).getTime() / 1000) * 1000;
  return new Date(rounded).toISOString().slice(0, 19).replace('T', ' ');
}

function summary(sheet: ExcelJS.Worksheet): Map<string, ExcelJS.Cell> {
  const out = new Map<string, ExcelJS.Cell>();
  sheet.eachRow((row) => {
    const label = row.getCell(1).value;
    if (typeof label === 'string' && row.getCell(2).value !== null) out.set(label, row.getCell(2));
  });
  return out;
}

describe('the inbound export file', () => {
  it('uses the console labels, UTC Excel dates as on screen, the late flag and the warehouse country', async () => {
    const inbound = [...sim.store.inbounds.values()].find((i) => {
      const fc = sim.store.fulfillmentCenters.find((f) => f.uid === i.fulfillment_center_uid);
      return i.status === 'in_transit' && i.late && i.expectedMs !== null && fc?.timezone !== 'UTC';
    })!;
    expect(inbound).toBeDefined();
    const warehouse = sim.store.fulfillmentCenters.find((f) => f.uid === inbound.fulfillment_center_uid)!;
    const sheet = await exportWorkbook(inbound);
    const cells = summary(sheet);
    expect(cells.get('Status')!.value).toBe('In Transit');
    expect(cells.get('Late')!.value).toBe('Yes');
    expect(cells.get('Warehouse')!.value).toBe(warehouse.name);
    const country = new Intl.DisplayNames(['en'], { type: 'region' }).of(warehouse.country);
    expect(cells.get('Warehouse country')!.value).toBe(`${country} (${warehouse.country})`);
    expect(cells.get('Time zone')!.value).toBe('UTC');
    for (const [label, ms] of [
      ['Created', inbound.createdMs],
      ['Expected', inbound.expectedMs!],
      ['Updated', inbound.updatedMs],
    ] as const) {
      const cell = cells.get(label)!;
      expect(cellTime(cell.value), label).toBe(localTime(ms, 'UTC'));
      expect(cell.numFmt, label).toMatch(/yyyy/);
    }
    // The warehouse is not on UTC, yet the file keeps the console's UTC times, not its local ones.
    expect(cellTime(cells.get('Created')!.value)).not.toBe(localTime(inbound.createdMs, warehouse.timezone));
  });

  it('has a frozen bold item header and columns as wide as their content', async () => {
    const inbound = [...sim.store.inbounds.values()].find(
      (i) => i.items.length >= 3 && (i.status === 'completed' || i.status === 'draft'),
    )!;
    const sheet = await exportWorkbook(inbound);
    let header = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'Product') header = n;
    });
    expect(header).toBeGreaterThan(0);
    for (let col = 1; col <= 9; col += 1) expect(sheet.getRow(header).getCell(col).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header });
    // Completed and draft inbounds never show the late hourglass in the console.
    expect(summary(sheet).get('Late')!.value).toBe('No');
    const titles = inbound.items.map((l) => sim.store.items.get(l.inventory_item_uid)?.title_1 ?? '');
    const longest = Math.max(...titles.map((t) => t.length));
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(Math.min(60, longest));
    // Every column has a width of its own in the file; a short numeric one is not padded to the
    // width of the product names.
    for (let col = 1; col <= 9; col += 1)
      expect(sheet.getColumn(col).width, `column ${col}`).toBeGreaterThanOrEqual(10);
    expect(sheet.getColumn(9).width).toBeLessThan(sheet.getColumn(1).width!);
  });

  it("writes a product without a title as the console shows it, 'Unknown product'", async () => {
    const inbound = [...sim.store.inbounds.values()].find((i) => i.items.length > 0)!;
    const item = sim.store.items.get(inbound.items[0]!.inventory_item_uid)!;
    const title = item.title_1;
    item.title_1 = null;
    try {
      const sheet = await exportWorkbook(inbound);
      let header = 0;
      sheet.eachRow((row, n) => {
        if (row.getCell(1).value === 'Product') header = n;
      });
      expect(sheet.getRow(header + 1).getCell(1).value).toBe('Unknown product');
    } finally {
      item.title_1 = title;
    }
  });
});
