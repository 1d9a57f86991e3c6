import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, ConsoleMessage, Download, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type Stack, signInContext } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

let stack: Stack;
let page: Page;
let browser: Browser;

// A data directory of its own: another gateway (a parallel run) may hold the default one.
const dataDir = mkdtempSync(join(tmpdir(), 'waybill-inbounds-spec-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

useSignedInBrowser(
  { env: { DATA_DIR: dataDir }, context: { acceptDownloads: true, viewport: { width: 1500, height: 1000 } } },
  (made) => {
    ({ stack, page, browser } = made);
  },
);

type SimInbound = Stack['sim']['store']['inbounds'] extends Map<string, infer V> ? V : never;
const inbounds = (predicate: (i: SimInbound) => boolean) =>
  [...stack.sim.store.inbounds.values()].filter(predicate);
const countLine = () => page.getByTestId('inbound-count').textContent();

/** Console errors of the page, each as its arguments' values (the production build logs them). */
function recordConsoleErrors(): unknown[][] {
  const seen: unknown[][] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    void Promise.all(message.args().map((a) => a.jsonValue().catch(() => null))).then((args) =>
      seen.push(args),
    );
  });
  return seen;
}

describe('inbounds as the spec asks', () => {
  it('lists every draft, those without a display priority included, when only processed and cancel have counts', async () => {
    const drafts = inbounds((i) => i.status === 'draft');
    const unprioritised = drafts.filter((i) => i.display_priority === null);
    expect(unprioritised.length, 'the data set has drafts without a priority').toBeGreaterThan(0);
    await page.goto(`${stack.baseUrl}/inbounds?status=draft`);
    await expect.poll(countLine, { timeout: 20_000 }).toBe(`${drafts.length} inbound displayed`);

    // The exact number of a draft without a priority finds it.
    const target = unprioritised[0]!;
    await page.getByPlaceholder('Search').fill(target.name);
    await expect.poll(countLine, { timeout: 15_000 }).toBe('1 inbound displayed');
    await expect
      .poll(() => page.getByTestId('inbound-row').first().getAttribute('data-uid'), { timeout: 15_000 })
      .toBe(target.uid);
  });

  it('keeps a selected transport toggle on screen when its count drops to 0, and it can be turned off', async () => {
    const target = inbounds(
      (i) =>
        i.numberOfItems?.kind === 'package' &&
        i.display_priority !== null &&
        i.display_priority <= 3 &&
        i.status !== 'draft',
    )[0]!;
    await page.goto(`${stack.baseUrl}/inbounds?items=truck&q=${encodeURIComponent(target.name)}`);
    const transport = page.getByRole('group', { name: 'Transport type' });
    const trucks = transport.getByRole('button', { name: '0 Trucks' });
    await trucks.waitFor({ timeout: 20_000 });
    expect(await trucks.getAttribute('aria-pressed')).toBe('true');
    await trucks.click();
    await expect.poll(countLine, { timeout: 15_000 }).toBe('1 inbound displayed');
    expect(await transport.getByRole('button', { name: /Trucks?$/ }).count()).toBe(0);
  });

  it('logs a failed status change and a failed export to the console, in its own words, with the inbound', async () => {
    const errors = recordConsoleErrors();
    const target = inbounds(
      (i) => i.status === 'in_transit' && i.display_priority !== null && i.display_priority <= 3,
    )[0]!;
    await page.goto(`${stack.baseUrl}/inbounds?q=${encodeURIComponent(target.name)}`);
    await expect.poll(() => page.getByTestId('inbound-row').count(), { timeout: 20_000 }).toBe(1);

    stack.sim.control.setFault({ kind: 'down', paths: ['/inventory_receipts/change_status'] });
    try {
      await page.getByRole('button', { name: `Actions for ${target.name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByRole('button', { name: 'DELETE' }).click();
      await confirm.getByRole('alert').waitFor({ timeout: 20_000 });
      await expect
        .poll(() => errors.find((args) => String(args[0]).startsWith('Inbound status change failed: ')), {
          timeout: 10_000,
        })
        .toBeDefined();
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
    } finally {
      stack.sim.control.setFault(null);
    }
    const logged = errors.find((args) => String(args[0]).startsWith('Inbound status change failed: '))!;
    expect(logged[0]).toBe(
      'Inbound status change failed: The backend cannot be reached; try again in a moment.',
    );
    expect(logged[1]).toMatchObject({ inboundUid: target.uid, status: 'cancelled' });

    stack.sim.control.setFault({ kind: 'down', paths: ['/inventory_receipts/reports/export'] });
    try {
      await page.getByRole('button', { name: `Actions for ${target.name}` }).click();
      await page.getByRole('menuitem', { name: 'Export' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export Inbound' });
      await dialog.getByRole('button', { name: 'EXPORT' }).click();
      await expect
        .poll(() => errors.find((args) => String(args[0]).startsWith('Inbound export failed: ')), {
          timeout: 20_000,
        })
        .toBeDefined();
    } finally {
      stack.sim.control.setFault(null);
    }
    const exported = errors.find((args) => String(args[0]).startsWith('Inbound export failed: '))!;
    expect(exported[1]).toMatchObject({ inboundUid: target.uid });
    // Never a credential or the server's own text.
    const text = JSON.stringify(errors);
    expect(text).not.toMatch(/bearer|token|cookie|dev-service/i);
  });

  it('names the filters that emptied the list, not only the own-user default', async () => {
    // Dan Developer starts on his own inbounds, and none is assigned to him.
    const devContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await signInContext(devContext, stack.baseUrl, 'dev@example.com');
      const dev = await devContext.newPage();
      await dev.goto(`${stack.baseUrl}/inbounds?status=arrived&late=1&q=RCP`);
      const empty = dev.getByTestId('inbounds-empty');
      await empty.waitFor({ timeout: 20_000 });
      await expect
        .poll(() => empty.textContent(), { timeout: 15_000 })
        .toContain('No inbounds match these filters: Assigned to you, Status, Late, Search "RCP".');
      expect(await empty.getByRole('heading').textContent()).not.toBe('No inbounds assigned to you');
    } finally {
      await devContext.close();
    }
  });

  it('keeps the last answer whole, rows and counts, labelled, when a filter change cannot reach the backend', async () => {
    await page.goto(`${stack.baseUrl}/inbounds`);
    const rows = page.getByTestId('inbound-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const before = await countLine();
    const buckets = await page.getByRole('group', { name: 'Priority buckets' }).textContent();
    stack.sim.control.setFault({ kind: 'down', paths: ['/inventory_receipts/search'] });
    try {
      await page.getByPlaceholder('Search').fill('no-such-inbound');
      await page.getByTestId('backend-unreachable').waitFor({ timeout: 25_000 });
      await page.getByTestId('inbounds-stale').waitFor({ timeout: 5_000 });
      expect(await countLine()).toBe(before);
      expect(await page.getByRole('group', { name: 'Priority buckets' }).textContent()).toBe(buckets);
      expect(await rows.count()).toBeGreaterThan(0);
    } finally {
      stack.sim.control.setFault(null);
    }
    await expect.poll(countLine, { timeout: 20_000 }).toBe('0 inbound displayed');
    expect(await page.getByTestId('inbounds-stale').count()).toBe(0);
  });

  it('shows the same dates, product title and SKU count on screen as in the Excel file', async () => {
    const DAY = 86_400_000;
    const dayIn = (ms: number, timeZone: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium' }).format(new Date(ms));
    const zoneOf = (i: SimInbound) =>
      stack.sim.store.fulfillmentCenters.find((f) => f.uid === i.fulfillment_center_uid)?.timezone ?? 'UTC';
    const target = inbounds(
      (i) =>
        i.items.length === 1 && zoneOf(i) !== 'UTC' && i.display_priority !== null && i.display_priority <= 3,
    )[0]!;
    expect(target, 'an inbound with one product at a warehouse off UTC').toBeDefined();
    // Updated at an instant whose day differs between UTC and the warehouse's zone.
    const midnight = Math.floor(target.updatedMs / DAY) * DAY;
    target.updatedMs = [midnight + 1_800_000, midnight + DAY - 1_800_000].find(
      (ms) => dayIn(ms, 'UTC') !== dayIn(ms, zoneOf(target)),
    )!;
    const item = stack.sim.store.items.get(target.items[0]!.inventory_item_uid)!;
    const title = item.title_1;
    item.title_1 = null;
    const downloads = mkdtempSync(join(tmpdir(), 'waybill-inbound-spec-'));
    try {
      await page.goto(`${stack.baseUrl}/inbounds?q=${encodeURIComponent(target.name)}`);
      const row = page.getByTestId('inbound-row');
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
      expect(await row.locator('td:nth-child(2)').textContent()).toMatch(/^1 SKU(?!s)/);

      await row.getByRole('link').first().click();
      const detail = page.getByTestId('inbound-detail');
      await detail.getByTestId('product-row').first().waitFor({ timeout: 15_000 });
      const onScreen = await detail.evaluate((el) => {
        const dt = [...el.querySelectorAll('dt')].find((d) => d.textContent === 'Updated');
        return dt?.nextElementSibling?.textContent ?? '';
      });
      expect(await detail.getByTestId('product-row').first().textContent()).toContain('Unknown product');
      await detail.getByRole('button', { name: 'Close inbound' }).click();
      await page.waitForURL((url) => url.pathname === '/inbounds');

      await page.getByRole('button', { name: `Actions for ${target.name}` }).click();
      await page.getByRole('menuitem', { name: 'Export' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export Inbound' });
      const download = new Promise<Download>((resolve) => {
        page.once('download', resolve);
        page.context().once('page', (popup) => popup.once('download', resolve));
      });
      await dialog.getByRole('button', { name: 'EXPORT' }).click();
      const path = join(downloads, 'export.xlsx');
      await (await download).saveAs(path);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(path);
      const sheet = workbook.worksheets[0]!;
      const cells = new Map<string, unknown>();
      let header = 0;
      sheet.eachRow((r, n) => {
        cells.set(String(r.getCell(1).value), r.getCell(2).value);
        if (r.getCell(1).value === 'Product') header = n;
      });
      // The file's wall clock (a Date whose UTC fields are that clock) is on the screen's day.
      const inFile = cells.get('Updated') as Date;
      const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
      const fileDay = `${String(inFile.getUTCDate()).padStart(2, '0')} ${MONTHS[inFile.getUTCMonth()]} ${inFile.getUTCFullYear()}`;
      expect(fileDay).toBe(onScreen);
      expect(sheet.getRow(header + 1).getCell(1).value).toBe('Unknown product');
    } finally {
      item.title_1 = title;
      rmSync(downloads, { recursive: true, force: true });
    }
  });
});
