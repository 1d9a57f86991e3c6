import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INBOUND_STATUS_LABELS } from '@waybill/contracts';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

const CHECK_PATH = '/inventory_receipts/reports/export/check';

let stack: Stack;
let context: BrowserContext;
let page: Page;
let downloads: string;

type SimInbound = Stack['sim']['store']['inbounds'] extends Map<string, infer V> ? V : never;

/** Inbounds the default list shows, each test taking its own. */
function listedInbounds(): SimInbound[] {
  return [...stack.sim.store.inbounds.values()].filter(
    (i) => i.items.length > 0 && i.display_priority !== null && i.display_priority <= 3,
  );
}

/** Opens the inbounds screen on one inbound and starts its export from the row's Export modal. */
async function startExport(target: SimInbound) {
  await page.goto(`${stack.baseUrl}/inbounds`);
  await page.getByPlaceholder('Search').fill(target.name);
  await expect.poll(() => page.getByTestId('inbound-row').count(), { timeout: 20_000 }).toBe(1);
  await page.getByRole('button', { name: `Actions for ${target.name}` }).click();
  await page.getByRole('menuitem', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Inbound' });
  await dialog.getByRole('button', { name: 'EXPORT', exact: true }).click();
  await dialog.getByRole('progressbar').waitFor({ timeout: 15_000 });
  return dialog;
}

/** The tray's panel, opened from the header button. */
async function openTray() {
  const panel = page.getByTestId('export-tray');
  if (!(await panel.isVisible())) await page.getByTestId('export-tray-button').click();
  await panel.waitFor({ timeout: 10_000 });
  return panel;
}

function trayJob(name: string) {
  return page.getByTestId('export-tray').getByTestId('export-job').filter({ hasText: name });
}

// Checks every second instead of two keep the suite short; the rules are the same. The failing
// checks this suite provokes would log a warning each.
useSignedInBrowser(
  {
    env: { EXPORT_CHECK_MS: '1000', LOG_LEVEL: 'error' },
    context: { acceptDownloads: true, viewport: { width: 1440, height: 900 } },
  },
  (made) => {
    ({ stack, context, page } = made);
  },
);
beforeAll(() => {
  downloads = mkdtempSync(join(tmpdir(), 'waybill-exports-e2e-'));
});

afterEach(() => stack.sim.control.setFault(null));

afterAll(() => {
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

describe('exports that are never lost', () => {
  it('keeps running when the modal closes: the header tray shows progress on every screen and offers the file', async () => {
    const target = listedInbounds()[0]!;
    // Slow checks hold the job at its first step while the test looks at the tray.
    stack.sim.control.setFault({ kind: 'slow', delayMs: 5000, paths: [CHECK_PATH] });
    const dialog = await startExport(target);
    await dialog.getByTestId('export-continues').waitFor();
    await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Another screen, reached inside the console: the tray is in the header there too.
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.waitForURL(/\/clients/);
    await expect
      .poll(() => page.getByTestId('export-tray-button').textContent(), { timeout: 15_000 })
      .toMatch(/^Exporting \d+%$/);
    const panel = await openTray();
    await trayJob(target.name)
      .getByRole('progressbar', { name: `Export of ${target.name}` })
      .waitFor();
    expect(await axeViolations(page, '[data-testid="export-tray"]')).toEqual([]);
    expect(await axeViolations(page, 'header')).toEqual([]);

    stack.sim.control.setFault(null);
    const link = panel.getByRole('link', { name: `Download ${target.name}` });
    await link.waitFor({ timeout: 30_000 });
    expect(await trayJob(target.name).getAttribute('data-status')).toBe('done');
    expect(await page.getByTestId('export-tray-button').textContent()).toBe('Exports (1 ready)');
    expect(await axeViolations(page, '[data-testid="export-tray"]')).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const path = join(downloads, 'tray.xlsx');
    await download.saveAs(path);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Reception', target.name]);
    // The file as the console speaks: labels, real dates, the late flag and the warehouse country.
    const summary = new Map<string, ExcelJS.Cell>();
    let header = 0;
    sheet.eachRow((row, n) => {
      const label = row.getCell(1).value;
      if (label === 'Product') header = n;
      if (typeof label === 'string' && !header) summary.set(label, row.getCell(2));
    });
    expect(summary.get('Status')?.value).toBe(INBOUND_STATUS_LABELS[target.status]);
    expect(['Yes', 'No']).toContain(summary.get('Late')?.value);
    const warehouse = stack.sim.store.fulfillmentCenters.find((f) => f.uid === target.fulfillment_center_uid);
    expect(summary.get('Warehouse country')?.value).toEqual(
      warehouse ? expect.stringContaining(`(${warehouse.country})`) : '-',
    );
    for (const label of ['Created', 'Updated']) {
      expect(summary.get(label)?.value, label).toBeInstanceOf(Date);
      expect(summary.get(label)?.numFmt, label).toMatch(/yyyy/);
    }
    expect(sheet.getRow(header).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header });
  });

  it('re-attaches after a reload and in a new tab, listed by the gateway', async () => {
    const target = listedInbounds()[1]!;
    stack.sim.control.setFault({ kind: 'slow', delayMs: 5000, paths: [CHECK_PATH] });
    const dialog = await startExport(target);
    await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();

    await page.reload();
    await openTray();
    await trayJob(target.name).getByRole('progressbar').waitFor({ timeout: 15_000 });

    const other = await context.newPage();
    try {
      await other.goto(`${stack.baseUrl}/realtime`);
      await other.getByTestId('export-tray-button').click();
      const otherJob = other
        .getByTestId('export-tray')
        .getByTestId('export-job')
        .filter({ hasText: target.name });
      await otherJob.waitFor({ timeout: 15_000 });

      stack.sim.control.setFault(null);
      // Both tabs follow the job over their websocket to the end.
      await trayJob(target.name)
        .getByRole('link', { name: `Download ${target.name}` })
        .waitFor({
          timeout: 30_000,
        });
      await otherJob.getByRole('link', { name: `Download ${target.name}` }).waitFor({ timeout: 30_000 });
    } finally {
      await other.close();
    }
  });

  it("says why a failed export failed, in the console's words, and Retry produces the file", async () => {
    const target = listedInbounds()[2]!;
    // Every check fails: the gateway gives up after five in a row.
    stack.sim.control.setFault({ kind: 'down', paths: [CHECK_PATH] });
    const dialog = await startExport(target);
    await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();

    await openTray();
    const job = trayJob(target.name);
    await expect.poll(() => job.getAttribute('data-status'), { timeout: 30_000 }).toBe('failed');
    const alert = job.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('Export failed: The backend could not be reached while the file was being made.');
    expect(await page.getByTestId('export-tray').textContent()).not.toMatch(/simulated|unavailable/i);
    expect(await axeViolations(page, '[data-testid="export-tray"]')).toEqual([]);

    stack.sim.control.setFault(null);
    await job.getByRole('button', { name: `Retry export of ${target.name}` }).click();
    await job.getByRole('link', { name: `Download ${target.name}` }).waitFor({ timeout: 30_000 });
    // The retry replaced the failed attempt in the tray.
    expect(await trayJob(target.name).count()).toBe(1);
  });

  it('says, in its own words, that one person has as many exports running as allowed', async () => {
    // Slow checks keep five exports started through the gateway running as this user (the default cap).
    stack.sim.control.setFault({ kind: 'slow', delayMs: 20_000, paths: [CHECK_PATH] });
    const [target, ...others] = listedInbounds().slice(3, 9);
    for (const other of others) {
      const res = await context.request.post(`${stack.baseUrl}/trpc/inbounds.export.start`, {
        data: { uid: other.uid },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await page.goto(`${stack.baseUrl}/inbounds`);
    await page.getByPlaceholder('Search').fill(target!.name);
    await expect.poll(() => page.getByTestId('inbound-row').count(), { timeout: 20_000 }).toBe(1);
    await page.getByRole('button', { name: `Actions for ${target!.name}` }).click();
    await page.getByRole('menuitem', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Inbound' });
    await dialog.getByRole('button', { name: 'EXPORT', exact: true }).click();
    await expect
      .poll(() => dialog.textContent(), { timeout: 15_000 })
      .toContain(
        'You have as many exports running as one person may: wait for one in the export tray to finish, then try again.',
      );
    expect(await dialog.textContent()).not.toContain('EXPORT_JOBS_RUNNING_PER_USER');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
