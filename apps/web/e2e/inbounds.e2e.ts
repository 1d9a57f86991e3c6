import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, axeViolationsStrict } from './axe.js';
import type { Stack } from './harness.js';
import { bellState, focusWithin, shiftTabToBell } from './header-bell.js';
import { useSignedInBrowser } from './signed-in-browser.js';
import { expectTodayStatusTime } from './status-time.js';

let stack: Stack;
let context: BrowserContext;
let page: Page;
let downloads: string;

/** Opens a row's actions menu and picks an action. */
async function rowAction(name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

function inboundsBy(
  predicate: (i: Stack['sim']['store']['inbounds'] extends Map<string, infer V> ? V : never) => boolean,
) {
  return [...stack.sim.store.inbounds.values()].filter(predicate);
}

useSignedInBrowser(
  { context: { acceptDownloads: true, viewport: { width: 1500, height: 1000 } } },
  (made) => {
    ({ stack, context, page } = made);
  },
);
beforeAll(() => {
  downloads = mkdtempSync(join(tmpdir(), 'waybill-inbounds-e2e-'));
});

afterAll(() => {
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

describe('inbounds in the browser', () => {
  it('lists and filters inbounds', async () => {
    await page.goto(`${stack.baseUrl}/inbounds`);
    const rows = page.getByTestId('inbound-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const countText = await page.getByTestId('inbound-count').textContent();
    const total = Number(countText?.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(0);

    // Search for one inbound by its reception number.
    const target = inboundsBy((i) => i.display_priority !== null && i.display_priority <= 3)[0]!;
    await page.getByPlaceholder('Search').fill(target.name);
    await expect.poll(() => page.getByTestId('inbound-count').textContent()).toBe('1 inbound displayed');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-uid')).toBe(target.uid);
    await page.getByPlaceholder('Search').fill('');
    await expect.poll(() => page.getByTestId('inbound-count').textContent()).toBe(countText);

    // Warehouse dropdown: every row then shows that warehouse.
    await page.getByTestId('filter-warehouses').click();
    const option = page.getByRole('menuitemcheckbox').first();
    const label = (await option.locator('span').nth(2).textContent())?.trim() ?? '';
    await option.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('inbound-count').textContent()).not.toBe(countText);
    const names = await page.getByTestId('inbound-row').locator('td:nth-child(3)').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const cell of names) expect(cell).toContain(label.replace(/\d+$/, '').trim());
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => page.getByTestId('inbound-count').textContent()).toBe(countText);

    // A priority bucket narrows the list to its priorities.
    await page.getByTestId('bucket-errors').click();
    await expect
      .poll(async () => {
        const colours = await page
          .getByTestId('inbound-row')
          .evaluateAll((els) => els.map((e) => e.dataset.colour));
        return colours.every((c) => c === 'orange' || c === 'yellow');
      })
      .toBe(true);
    await page.getByTestId('bucket-errors').click();
  });

  it('turning the last bucket off selects every bucket again, matching the full list', async () => {
    const shown = async () =>
      Number((await page.getByTestId('inbound-count').textContent())?.replace(/\D/g, ''));
    /** The count line for a priority selection given in the URL. */
    const countFor = async (prio: string) => {
      await page.goto(`${stack.baseUrl}/inbounds?prio=${prio}`);
      await expect
        .poll(() => page.getByTestId('inbound-row').count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      return shown();
    };
    const everything = await countFor('0,1,2,3,4,5,6');
    const withoutCancel = await countFor('0,1,2,3,4');
    await page.goto(`${stack.baseUrl}/inbounds`);
    await expect.poll(() => page.getByTestId('inbound-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(everything).toBeGreaterThan(await shown());
    const bar = page.getByRole('group', { name: 'Priority buckets' });
    const lit = bar.locator('button[aria-pressed="true"]');
    const all = bar.locator('button');
    // Turn the lit buckets off one by one, the last one included.
    for (let n = await lit.count(); n > 0; n--) {
      await lit.first().click();
      if (n > 1) await expect.poll(() => lit.count()).toBe(n - 1);
    }
    // Every bucket is on again, and the list holds every inbound: those of every bucket (processed
    // and deleted too) and any without a display priority (no priority filter is sent).
    await expect.poll(() => lit.count()).toBe(await all.count());
    await expect.poll(async () => (await shown()) >= everything, { timeout: 15_000 }).toBe(true);

    // With all on, a click turns just that bucket off.
    await bar.getByTestId('bucket-cancel').click();
    await expect.poll(shown, { timeout: 15_000 }).toBe(withoutCancel);
    expect(await bar.getByTestId('bucket-cancel').getAttribute('aria-pressed')).toBe('false');
    expect(await lit.count()).toBe((await all.count()) - 1);
  });

  it('opens an inbound detail over the list', async () => {
    await page.goto(`${stack.baseUrl}/inbounds`);
    const row = page.getByTestId('inbound-row').first();
    await row.waitFor();
    const uid = (await row.getAttribute('data-uid'))!;
    const inbound = stack.sim.store.inbounds.get(uid)!;
    await row.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/inbounds/inbound');
    expect(new URL(page.url()).searchParams.get('uid')).toBe(uid);
    expect(new URL(page.url()).searchParams.get('cached')).toBe('true');
    const detail = page.getByTestId('inbound-detail');
    await expect.poll(() => detail.getByTestId('inbound-header').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await detail.getByRole('heading', { level: 2 }).getAttribute('title')).toBe(inbound.name);
    await expect.poll(() => detail.getByTestId('product-row').count()).toBe(inbound.items.length);
    // Product pictures load from the sim under the gateway's CSP.
    await expect
      .poll(() =>
        detail
          .getByTestId('product-row')
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    // The list is still mounted underneath.
    expect(await page.getByTestId('inbounds-table').count()).toBe(1);
    await detail.getByRole('button', { name: 'Close inbound' }).click();
    await page.waitForURL((url) => url.pathname === '/inbounds');
  });

  it('fits the inbound detail at 1280, 1440 and 1920 px, Close always visible, focus back to the row', async () => {
    // The inbound with the most products among those listed first (its titles are the longest lines).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${stack.baseUrl}/inbounds`);
    const rows = page.getByTestId('inbound-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const uids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-uid') ?? ''));
    const uid = uids.reduce((best, u) =>
      (stack.sim.store.inbounds.get(u)?.items.length ?? 0) >
      (stack.sim.store.inbounds.get(best)?.items.length ?? 0)
        ? u
        : best,
    );
    const row = page.locator(`[data-testid="inbound-row"][data-uid="${uid}"]`);
    const detail = page.getByTestId('inbound-detail');
    const focusInRow = () =>
      page.evaluate(
        (u) => document.activeElement?.closest('[data-testid="inbound-row"]')?.getAttribute('data-uid') === u,
        uid,
      );

    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await row.getByRole('link').click();
      await detail.getByTestId('product-row').first().waitFor({ timeout: 15_000 });
      const layout = await detail.evaluate((dialog) => {
        const overflowing = [...dialog.querySelectorAll('*')]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < -0.5);
          })
          .map((el) => `${el.tagName}.${el.className}`);
        return { overflowing, scrollWidth: dialog.scrollWidth, clientWidth: dialog.clientWidth };
      });
      expect(layout.overflowing, `at ${width} px`).toEqual([]);
      expect(layout.scrollWidth, `at ${width} px`).toBeLessThanOrEqual(layout.clientWidth);
      for (const name of ['Junk', 'Defects']) {
        const box = (await detail.getByRole('columnheader', { name }).boundingBox())!;
        expect(box.x + box.width, `${name} at ${width} px`).toBeLessThanOrEqual(width);
      }
      if (width === 1280) {
        // Accessibility of the overlay: no axe-core violation.
        const violations = await axeViolations(page, '[data-testid="inbound-detail"]');
        expect(violations).toEqual([]);
      }
      // E2E_SCREENS_DIR=… keeps a picture of the overlay at the narrowest and widest widths.
      const screens = process.env.E2E_SCREENS_DIR;
      if (screens && (width === 1280 || width === 1920)) {
        // No hover tint where the row link was clicked (a product's code now lies there).
        await page.mouse.move(0, 0);
        await page.screenshot({ path: join(screens, `inbound-detail-${width}.png`) });
      }

      // Scrolled to the last product, Close is still in view.
      await detail.getByTestId('product-row').last().scrollIntoViewIfNeeded();
      const close = detail.getByRole('button', { name: 'Close inbound' });
      const box = (await close.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(
        await close.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('button') === el;
        }),
      ).toBe(true);

      // Esc at one width, the close button at the others: either way focus is back on the row.
      if (width === 1440) await page.keyboard.press('Escape');
      else await close.click();
      await page.waitForURL((url) => url.pathname === '/inbounds');
      await expect.poll(focusInRow, { timeout: 5_000 }).toBe(true);
    }
    await page.setViewportSize({ width: 1500, height: 1000 });
  });

  it("leaves the header's notification bell seen and in use with an inbound open: topmost, not hidden, Shift+Tab and Enter reach the centre, Esc closes the centre then the detail", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${stack.baseUrl}/inbounds`);
    const row = page.getByTestId('inbound-row').first();
    await row.waitFor({ timeout: 20_000 });
    const uid = (await row.getAttribute('data-uid'))!;
    await row.getByRole('link').click();
    const detail = page.getByTestId('inbound-detail');
    await detail.getByTestId('product-row').first().waitFor({ timeout: 15_000 });

    // Seen and usable by pointer and screen reader at the narrowest and widest supported widths.
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await bellState(page), `${width} px`).toEqual({ onScreen: true, topmost: true, hiddenBy: null });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolationsStrict(page, 'body'), 'detail open').toEqual([]);

    // Keyboard: from inside the detail, Shift+Tab reaches the bell; Enter opens the centre over the detail.
    expect(await focusWithin(page, 'inbound-detail')).toBe(true);
    expect(await shiftTabToBell(page), 'Shift+Tab from the detail reaches the bell').toBe(true);
    await page.keyboard.press('Enter');
    const centre = page.getByTestId('notification-centre');
    await centre.waitFor({ timeout: 5_000 });
    expect(await detail.isVisible()).toBe(true);
    expect(await axeViolationsStrict(page, 'body'), 'centre open').toEqual([]);

    // Esc closes the topmost layer first: the centre, leaving the inbound open; then the detail,
    // and the focus is back on the row it was opened from.
    await page.keyboard.press('Escape');
    await centre.waitFor({ state: 'detached', timeout: 5_000 });
    expect(new URL(page.url()).pathname).toBe('/inbounds/inbound');
    expect(await detail.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/inbounds');
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            document.activeElement?.closest('[data-testid="inbound-row"]')?.getAttribute('data-uid'),
          ),
        { timeout: 5_000 },
      )
      .toBe(uid);
    await page.setViewportSize({ width: 1500, height: 1000 });
  });

  it('marks an inbound as arrived with a date', async () => {
    const target = inboundsBy(
      (i) => i.status === 'in_transit' && i.display_priority !== null && i.display_priority <= 3,
    )[0]!;
    await page.goto(`${stack.baseUrl}/inbounds`);
    await page.getByPlaceholder('Search').fill(target.name);
    await expect.poll(() => page.getByTestId('inbound-row').count(), { timeout: 15_000 }).toBe(1);
    await rowAction(target.name, 'Mark as Arrived');
    const dialog = page.getByRole('dialog', { name: 'Mark as Arrived' });
    // Today in the browser: days before the inbound's creation are refused.
    const [day, month, year] = await page.evaluate(() => {
      const d = new Date();
      return [d.getDate(), d.getMonth() + 1, d.getFullYear()].map((n) => String(n).padStart(2, '0'));
    });
    await dialog.getByLabel('Day').fill(day!);
    await dialog.getByLabel('Month').fill(month!);
    await dialog.getByLabel('Year').fill(year!);
    const savedFrom = Date.now();
    await dialog.getByRole('button', { name: 'SAVE CHANGES' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => stack.sim.store.inbounds.get(target.uid)?.status).toBe('arrived');
    const body = stack.sim.control.lastBody('/inventory_receipts/change_status') as { happened_at: string };
    expectTodayStatusTime(body.happened_at, savedFrom);
    // The list refreshes 2 s later and shows the new status.
    await expect
      .poll(() => page.getByTestId('status-pill').first().textContent(), { timeout: 10_000 })
      .toContain('Arrived');
  });

  it('exports an inbound as a valid .xlsx with its rows', async () => {
    const target = inboundsBy(
      (i) => i.items.length > 0 && i.display_priority !== null && i.display_priority <= 3,
    ).at(-1)!;
    await page.goto(`${stack.baseUrl}/inbounds`);
    await page.getByPlaceholder('Search').fill(target.name);
    await expect.poll(() => page.getByTestId('inbound-row').count(), { timeout: 15_000 }).toBe(1);
    await rowAction(target.name, 'Export');
    const dialog = page.getByRole('dialog', { name: 'Export Inbound' });
    await dialog
      .getByText('The Excel file containing all the inbound details is ready for download.')
      .waitFor();
    // The file may open in this tab's download or in a new tab: catch either.
    const download = new Promise<Download>((resolve) => {
      page.once('download', resolve);
      context.once('page', (popup) => popup.once('download', resolve));
    });
    await dialog.getByRole('button', { name: 'EXPORT' }).click();
    await dialog.getByRole('progressbar').waitFor({ timeout: 10_000 });
    const file = await download;
    const path = join(downloads, 'export.xlsx');
    await file.saveAs(path);
    // The modal closes about 1 s after completion.
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.worksheets[0]!;
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Reception', target.name]);
    let header = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'Product') header = n;
    });
    expect(header).toBeGreaterThan(0);
    const productRows = sheet.rowCount - header;
    expect(productRows).toBe(target.items.length);
    const first = target.items[0]!;
    expect(values(header + 1).slice(4)).toEqual([
      first.incoming,
      first.available,
      first.missing,
      first.defects,
      first.junk,
    ]);
  });

  it('keeps its filter in the URL: a reload shows the same view, Back and Forward step through filters', async () => {
    await page.goto(`${stack.baseUrl}/inbounds`);
    const rows = page.getByTestId('inbound-row');
    const count = () => page.getByTestId('inbound-count').textContent();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const allText = await count();

    const target = inboundsBy((i) => i.display_priority !== null && i.display_priority <= 3)[1]!;
    await page.getByPlaceholder('Search').fill(target.name);
    await page.waitForURL((url) => url.searchParams.get('q') === target.name);
    await expect.poll(count).toBe('1 inbound displayed');

    await page.reload();
    await expect
      .poll(() => page.getByPlaceholder('Search').inputValue(), { timeout: 15_000 })
      .toBe(target.name);
    await expect.poll(count, { timeout: 15_000 }).toBe('1 inbound displayed');
    expect(await rows.first().getAttribute('data-uid')).toBe(target.uid);

    // Back: the unfiltered list (and an empty search box); Forward: the search again.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await expect.poll(count, { timeout: 15_000 }).toBe(allText);
    expect(await page.getByPlaceholder('Search').inputValue()).toBe('');
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('q') === target.name);
    await expect.poll(count, { timeout: 15_000 }).toBe('1 inbound displayed');
    await page.getByPlaceholder('Search').fill('');
    await expect.poll(count).toBe(allText);
  });

  it('keeps its filter under the detail overlay and after closing it', async () => {
    await page.goto(`${stack.baseUrl}/inbounds`);
    const rows = page.getByTestId('inbound-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const target = inboundsBy((i) => i.display_priority !== null && i.display_priority <= 3)[2]!;
    await page.getByPlaceholder('Search').fill(target.name);
    await expect.poll(() => page.getByTestId('inbound-count').textContent()).toBe('1 inbound displayed');
    await rows.first().getByRole('link').first().click();
    await page.waitForURL(/\/inbounds\/inbound\?/);
    await page.getByTestId('inbound-detail').waitFor();
    expect(await rows.count()).toBe(1);
    await page.getByRole('button', { name: 'Close inbound' }).click();
    await page.waitForURL((url) => url.pathname === '/inbounds' && url.searchParams.get('q') === target.name);
    expect(await page.getByTestId('inbound-count').textContent()).toBe('1 inbound displayed');
    await page.getByPlaceholder('Search').fill('');
  });
});
