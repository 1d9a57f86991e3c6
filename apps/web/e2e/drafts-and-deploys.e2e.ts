import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

// Nothing typed is lost: comment texts and the date of an open date modal come back after a
// reload (kept in the browser per user) and are gone once saved. A deploy that removed a lazy
// chunk offers a reload instead of a blank screen, and that reload keeps the drafts too.

let stack: Stack;
let page: Page;

useSignedInBrowser({ context: { viewport: { width: 1440, height: 900 } } }, (made) => {
  ({ stack, page } = made);
});

const WIDTHS = [1024, 1280, 1440, 1920] as const;
const detail = () => page.getByTestId('order-detail');
const pad = (n: number) => String(n).padStart(2, '0');
const draftKeys = () =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('waybill.draft.v1:')));

/** The uid of a listed order whose detail menu offers `action`, with that menu item's label. */
async function orderOffering(action: RegExp): Promise<string> {
  await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5`);
  const rows = page.getByTestId('order-row');
  await rows.nth(5).waitFor({ timeout: 60_000 });
  for (let i = 0; i < 6; i++) {
    await rows.nth(i).getByRole('button', { name: 'Order Options' }).click();
    const items = await page
      .getByRole('menu', { name: 'Order Options' })
      .getByRole('menuitem')
      .allTextContents();
    await page.keyboard.press('Escape');
    if (items.some((t) => action.test(t))) return (await rows.nth(i).getAttribute('data-uid')) ?? '';
  }
  throw new Error(`no listed order offers ${action}`);
}

describe('drafts survive a reload', () => {
  it('brings back a typed comment and an open date modal after a reload, and forgets both once saved', async () => {
    const uid = await orderOffering(/^Mark as Lost/);
    await page.goto(
      `${stack.baseUrl}/realtime/order?uid=${encodeURIComponent(uid)}&cached=true&tab=comments`,
    );
    await detail().getByTestId('order-detail-header').waitFor({ timeout: 30_000 });
    const box = detail().getByPlaceholder('Add new comment');
    if (!(await box.isVisible())) await detail().getByRole('button', { name: 'New comment' }).click();
    const text = `Customer asked to hold the parcel ${Date.now()}`;
    await box.fill(text);

    await detail().getByRole('button', { name: 'Order Options' }).click();
    await page.getByRole('menuitem', { name: /^Mark as Lost/ }).click();
    const modal = page.getByTestId('detail-status-modal');
    await modal.waitFor();
    const today = new Date();
    await modal.getByLabel('Day').fill(pad(today.getDate()));
    await modal.getByLabel('Month').fill(pad(today.getMonth() + 1));
    await modal.getByLabel('Year').fill(String(today.getFullYear()));
    expect(await draftKeys()).toHaveLength(2);

    // A reload (a crash or a browser restart alike): both come back.
    await page.reload();
    await modal.waitFor({ timeout: 30_000 });
    expect(await modal.getByLabel('Day').inputValue()).toBe(pad(today.getDate()));
    expect(await modal.getByLabel('Month').inputValue()).toBe(pad(today.getMonth() + 1));
    expect(await modal.getByLabel('Year').inputValue()).toBe(String(today.getFullYear()));
    expect(await detail().getByPlaceholder('Add new comment').inputValue()).toBe(text);

    // Saved, both go.
    await modal.getByRole('button', { name: 'SAVE CHANGES' }).click();
    await modal.waitFor({ state: 'detached', timeout: 15_000 });
    await detail().getByRole('button', { name: 'Add comment' }).click();
    await detail().getByTestId('comment-item').filter({ hasText: text }).waitFor({ timeout: 15_000 });
    await expect.poll(draftKeys).toEqual([]);
    await page.reload();
    await detail().getByTestId('order-detail-header').waitFor({ timeout: 30_000 });
    await detail().getByTestId('comment-item').filter({ hasText: text }).waitFor();
    expect(await page.getByTestId('detail-status-modal').count()).toBe(0);
    const editor = detail().getByPlaceholder('Add new comment');
    if ((await editor.count()) > 0) expect(await editor.inputValue()).toBe('');
  });
});

describe('a deploy that removed a lazy chunk', () => {
  it('offers a reload instead of a blank screen, and the reload keeps a bulk comment draft', async () => {
    await page.goto(`${stack.baseUrl}/realtime`);
    const rows = page.getByTestId('order-row');
    await rows.first().waitFor({ timeout: 60_000 });
    // A bulk note typed, then the modal closed with Escape: kept for next time.
    await rows.first().getByTestId('row-tick').check();
    await page.getByTestId('bulk-addComment').click();
    const bulk = page.getByTestId('bulk-comment');
    const note = `Carrier strike: expect delays ${Date.now()}`;
    await bulk.getByLabel(/^Comment/).fill(note);
    await page.keyboard.press('Escape');
    await bulk.waitFor({ state: 'detached' });

    // The new version is deployed: the old clients chunk is gone.
    await page.route('**/assets/clients-*', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    const offer = page.getByTestId('chunk-load-failed');
    await offer.waitFor({ timeout: 15_000 });
    expect(await offer.getAttribute('role')).toBe('alert');
    expect(await offer.textContent()).toContain('A new version of the console is available');
    // The shell stays usable around it.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const fits = await offer.evaluate(
        (el) =>
          el.getBoundingClientRect().left >= 0 &&
          el.getBoundingClientRect().right <= window.innerWidth &&
          el.scrollWidth <= el.clientWidth,
      );
      expect(fits).toBe(true);
      expect(await axeViolations(page, '[data-testid=chunk-load-failed]')).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.unroute('**/assets/clients-*');
    await offer.getByRole('button', { name: 'Reload' }).click();
    await page.getByTestId('store-row').first().waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/clients');

    // Back on the orders: the bulk note is still there.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Realtime' }).click();
    await rows.first().waitFor({ timeout: 30_000 });
    await rows.first().getByTestId('row-tick').check();
    await page.getByTestId('bulk-addComment').click();
    expect(await bulk.getByLabel(/^Comment/).inputValue()).toBe(note);
    // CANCEL discards it.
    await bulk.getByRole('button', { name: 'CANCEL' }).click();
    await expect.poll(draftKeys).toEqual([]);
  });
});
