import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { type Stack, startStack } from './harness.js';
import { expectTodayStatusTime } from './status-time.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

let stack: Stack;
let browser: Browser;
let page: Page;

const rows = () => page.getByTestId('order-row');
const statusOf = (row: Locator) => row.getByTestId('order-status');

async function referenceOf(row: Locator): Promise<string> {
  const label = await row.getByRole('button', { name: /^Copy order reference / }).getAttribute('aria-label');
  return (label ?? '').replace('Copy order reference ', '');
}

/** Opens a row's 'Order Options' menu and returns its item labels. */
async function openMenu(row: Locator): Promise<string[]> {
  await row.getByRole('button', { name: 'Order Options' }).click();
  const menu = page.getByRole('menu', { name: 'Order Options' });
  await menu.waitFor();
  return menu.getByRole('menuitem').allTextContents();
}

/** The list answered the current filter: at least `minRows` rows on screen and no search running. */
async function settled(minRows = 1): Promise<void> {
  await page.waitForFunction(
    (min) => {
      const table = document.querySelector('table[aria-label="Orders"]');
      return (
        table?.getAttribute('aria-busy') === 'false' &&
        table.querySelectorAll('[data-testid=order-row]').length >= min
      );
    },
    minRows,
    { timeout: 15_000 },
  );
}

async function firstRowOffering(action: string): Promise<Locator> {
  // A filter change can still be replacing the rows when this starts; scan again once it has.
  for (let attempt = 0; attempt < 3; attempt++) {
    await settled();
    const count = Math.min(await rows().count(), 15);
    for (let i = 0; i < count; i++) {
      const row = rows().nth(i);
      const items = await openMenu(row);
      if (items.some((text) => text.startsWith(action))) return row;
      await page.keyboard.press('Escape');
    }
    if (count > 0) break;
  }
  throw new Error(`no visible order offers '${action}'`);
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('realtime orders in Chromium', () => {
  it('signs in with the demo account and shows the live list', async () => {
    await page.goto(`${stack.baseUrl}/realtime`);
    await page.waitForURL(/\/login/);
    await page.getByLabel('E-mail').fill('ops@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Password').fill('waybill-demo');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.waitForURL(/\/realtime$/);
    await page.getByText('Welcome, Olivia Ops!').waitFor();
    await rows().first().waitFor();
    expect(await rows().count()).toBeGreaterThan(5);
    expect(await page.getByTestId('header-title').textContent()).toBe('ADMIN / REALTIME');
    expect(await page.evaluate(() => document.documentElement.dataset.device)).toBe('desktop');
  });

  it('saves a screenshot of the realtime screen', async () => {
    // No hover tint on the picture: the pointer away, and the tint's fade-out transitions over.
    await page.mouse.move(0, 0);
    await page.waitForFunction(
      () => !document.getAnimations().some((a) => a instanceof CSSTransition),
      undefined,
      {
        timeout: 10_000,
        polling: 'raf',
      },
    );
    const shot = await page.screenshot();
    expect(shot.byteLength).toBeGreaterThan(10_000);
    // Written to docs only when asked (UPDATE_SCREENSHOTS=1), so a test run leaves the tree clean.
    if (process.env.UPDATE_SCREENSHOTS === '1') {
      const file = resolve(repoRoot, 'docs/screenshots/realtime.png');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, shot);
    }
  });

  it('filters by warehouse through the URL and clears the filter', async () => {
    await page.getByRole('button', { name: 'Warehouse: All Warehouses' }).click();
    const option = page.getByRole('menuitemcheckbox').first();
    const name =
      (await option.textContent())
        ?.replace(/\d+$/, '')
        .replace(/[A-Z]{2}$/, '')
        .trim() ?? '';
    await option.click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/warehouse=/);
    await page.waitForFunction(
      (wh) => {
        const list = [...document.querySelectorAll('[data-testid=order-row]')];
        return list.length > 0 && list.every((r) => r.textContent?.includes(wh));
      },
      name,
      { timeout: 15_000 },
    );
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.waitForURL((url) => !url.search.includes('warehouse='));
  });

  it('searches by order reference after the debounce', async () => {
    await settled();
    const reference = await referenceOf(rows().nth(2));
    await page.getByRole('searchbox', { name: 'Search order reference' }).fill(reference);
    await page.waitForURL((url) => url.searchParams.get('q') === reference);
    await page.waitForFunction(
      (ref) => {
        const list = [...document.querySelectorAll('[data-testid=order-row]')];
        return list.length > 0 && list.length < 5 && list[0]?.textContent?.includes(`#${ref.slice(0, 17)}`);
      },
      reference,
      { timeout: 15_000 },
    );
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    // Back to the full list before the next test reads it.
    await settled(6);
  });

  it('changes a status through the date modal and sees the row change', async () => {
    const row = await firstRowOffering('Cancel order');
    const reference = await referenceOf(row);
    await page.keyboard.press('Escape');
    // Every priority, so the cancelled order stays in the list.
    await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5&q=${encodeURIComponent(reference)}`);
    await settled();
    const target = rows().first();
    await openMenu(target);
    await page.getByRole('menuitem', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark Order as Cancelled' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    // 31 February of this year does not exist; today is in the allowed range (created day to today).
    const today = new Date();
    await dialog.getByLabel('Day').fill('31');
    await dialog.getByLabel('Month').fill('02');
    await dialog.getByLabel('Year').fill(String(today.getFullYear()));
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('button', { name: 'SAVE CHANGES' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Day').fill(String(today.getDate()).padStart(2, '0'));
    await dialog.getByLabel('Month').fill(String(today.getMonth() + 1).padStart(2, '0'));
    expect(await dialog.getByRole('button', { name: 'SAVE CHANGES' }).isEnabled()).toBe(true);
    const savedFrom = Date.now();
    await dialog.getByRole('button', { name: 'SAVE CHANGES' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid=order-row] [data-testid=order-status]')
          ?.textContent?.startsWith('Canceled'),
      undefined,
      { timeout: 15_000 },
    );
    const body = stack.sim.control.lastBody('/orders/change_status') as {
      status: string;
      happened_at: string;
    };
    expect(body.status).toBe('cancelled');
    expectTodayStatusTime(body.happened_at, savedFrom);
  });

  it('reissues a label with a number of boxes', async () => {
    await page.goto(`${stack.baseUrl}/realtime?status=ready_for_picking`);
    await firstRowOffering('Reissue AWB');
    await page.getByRole('menuitem', { name: 'Reissue AWB' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reissue AWB' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Fewer boxes' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'More boxes' }).click();
    await dialog.getByRole('button', { name: 'CONFIRM' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByText(/Label reissued for/)
      .first()
      .waitFor();
    const body = stack.sim.control.lastBody('/orders/reissue_shipping_label') as {
      number_of_parcels: number;
    };
    expect(body.number_of_parcels).toBe(3);
  });

  it('shows an order change pushed from the backend without reloading', async () => {
    await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5`);
    await settled();
    // The change poll follows only the orders managed by Waybill (the row's marker); others are listed too.
    const row = rows()
      .filter({ has: page.getByLabel('Managed by Waybill') })
      .nth(1);
    const uid = (await row.getAttribute('data-uid')) ?? '';
    const reference = await referenceOf(row);
    await page.getByRole('searchbox', { name: 'Search order reference' }).fill(reference);
    await page.waitForURL((url) => url.searchParams.get('q') === reference);
    const target = page.locator(`[data-testid=order-row][data-uid="${uid}"]`);
    await target.waitFor();
    expect(await statusOf(target).textContent()).not.toContain('Out for Delivery');
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    stack.sim.control.changeOrder(uid, { status: 'shipping_out_for_delivery' });
    await page.waitForFunction(
      (id) =>
        document
          .querySelector(`[data-testid=order-row][data-uid="${id}"] [data-testid=order-status]`)
          ?.textContent?.startsWith('Out for Delivery'),
      uid,
      { timeout: 15_000 },
    );
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  it('keeps the filter in the URL: a reload shows the same view, Back and Forward step through filters', async () => {
    await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5`);
    await settled(6);
    const reference = await referenceOf(rows().nth(3));
    const search = page.getByRole('searchbox', { name: 'Search order reference' });
    await search.fill(reference);
    await page.waitForURL((url) => url.searchParams.get('q') === reference);
    const onlyTarget = async () => {
      await settled();
      const texts = await rows().allTextContents();
      return texts.length < 5 && texts[0]?.includes(`#${reference.slice(0, 17)}`);
    };
    await expect.poll(onlyTarget, { timeout: 15_000 }).toBe(true);

    await page.reload();
    expect(new URL(page.url()).searchParams.get('q')).toBe(reference);
    expect(new URL(page.url()).searchParams.get('prio')).toBe('0,1,2,3,4,5');
    await expect.poll(() => search.inputValue(), { timeout: 15_000 }).toBe(reference);
    await expect.poll(onlyTarget, { timeout: 15_000 }).toBe(true);

    // Clearing the search is a new history entry: Back brings the search back, Forward clears it.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await settled(6);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === reference);
    await expect.poll(() => search.inputValue()).toBe(reference);
    await expect.poll(onlyTarget, { timeout: 15_000 }).toBe(true);
    await page.goForward();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await expect.poll(() => search.inputValue()).toBe('');
    await settled(6);
  });
});
