import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

// A keyboard user keeps their place: what opened a dialog has the focus again when it closes, a
// saved comment leaves the focus in its box, and Escape closes the layer the user is in.

let stack: Stack;
let page: Page;

useSignedInBrowser(
  { env: { LOG_LEVEL: 'error' }, context: { viewport: { width: 1440, height: 900 } } },
  (made) => {
    ({ stack, page } = made);
  },
);

/** What has the focus, named as a user would find it. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const row = el.closest('[data-testid=order-row]')?.getAttribute('data-uid');
    return `${el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent?.trim()}${row ? ` @${row}` : ''}`;
  });

describe('focus with the keyboard', () => {
  it("closing a row's status dialog (Escape or Cancel) gives the focus back to the row's Order Options", async () => {
    await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5`);
    const row = page.getByTestId('order-row').nth(1);
    await row.waitFor({ timeout: 60_000 });
    const uid = await row.getAttribute('data-uid');
    const options = row.getByRole('button', { name: 'Order Options' });
    for (const close of ['Escape', 'CANCEL CHANGES'] as const) {
      await options.focus();
      await page.keyboard.press('Enter');
      const item = page.getByRole('menuitem', { name: 'Mark as Lost' });
      await item.waitFor();
      await item.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Mark Order as Lost' });
      await dialog.waitFor();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: close }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(focused).toBe(`Order Options @${uid}`);
    }
  });

  it('closing the command palette gives the focus back to the search box', async () => {
    const search = page.getByPlaceholder('Search order reference');
    await search.focus();
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await palette.waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('Search order reference');
  });

  it('a saved comment leaves the focus in the comment box, and Escape then closes the order, not the toast', async () => {
    const row = page.getByTestId('order-row').first();
    const uid = (await row.getAttribute('data-uid')) ?? '';
    await page.goto(`${stack.baseUrl}/realtime/order?uid=${encodeURIComponent(uid)}&newComment=true`);
    const detail = page.getByTestId('order-detail');
    const box = detail.getByPlaceholder('Add new comment');
    await box.waitFor({ timeout: 30_000 });
    await box.fill('Keyboard only: parcel checked');
    await detail.getByRole('button', { name: 'Add comment' }).focus();
    await page.keyboard.press('Enter');
    const saved = page.getByText('Comment saved');
    await saved.first().waitFor();
    await expect.poll(focused).toBe('Add new comment');
    // Elsewhere in the order (its History tab), one Escape closes it: the toast is no layer of its own.
    await detail.getByRole('tab', { name: 'History' }).focus();
    const toasts = await saved.count();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    expect(await saved.count()).toBe(toasts);
  });

  it("the order's tabs take the arrow keys, and Tab leaves the tab list for the tab's content", async () => {
    const row = page.getByTestId('order-row').first();
    const uid = (await row.getAttribute('data-uid')) ?? '';
    await page.goto(`${stack.baseUrl}/realtime/order?uid=${encodeURIComponent(uid)}&tab=history`);
    const detail = page.getByTestId('order-detail');
    const tabs = detail.getByRole('tab');
    await tabs.first().waitFor({ timeout: 30_000 });
    const names = (await tabs.allTextContents()).map((t) => t.replace(/\d+$/, ''));
    expect(names.slice(0, 2)).toEqual(['History', 'Order']);
    await detail.getByRole('tab', { name: 'History' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe('Order');
    expect(await detail.getByRole('tab', { selected: true }).textContent()).toBe('Order');
    await page.keyboard.press('Home');
    await expect.poll(focused).toBe('History');
    expect(await detail.getByRole('tab', { selected: true }).textContent()).toBe('History');
    await page.keyboard.press('Tab');
    // Out of the list: no other tab takes the focus on the way.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('tab');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
  });

  it('a focused row a live update removes hands the focus to the row now at its place', async () => {
    // Three orders the user's list shows, made to wait for the courier; the list filtered to them.
    const res = await page.request.get(
      `${stack.baseUrl}/trpc/orders.search?input=${encodeURIComponent('{}')}`,
    );
    const { orders } = ((await res.json()) as { result: { data: { orders: { uid: string }[] } } }).result
      .data;
    const open = orders.slice(-3);
    for (const o of open) stack.sim.control.changeOrder(o.uid, { status: 'waiting_for_courier' });
    await page.goto(`${stack.baseUrl}/realtime?status=waiting_for_courier&prio=0,1,2,3,4,5`);
    for (const o of open)
      await page.locator(`[data-testid=order-row][data-uid="${o.uid}"]`).waitFor({ timeout: 30_000 });
    await page.getByPlaceholder('Search order reference').focus();
    await page.getByPlaceholder('Search order reference').blur();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    const second = await page.evaluate(() => document.activeElement?.getAttribute('data-uid') ?? null);
    expect(second).not.toBeNull();
    // Someone else's change takes the focused order out of the filter.
    stack.sim.control.changeOrder(second!, { status: 'shipping_in_transit' });
    await page
      .locator(`[data-testid=order-row][data-uid="${second}"]`)
      .waitFor({ state: 'detached', timeout: 30_000 });
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.activeElement?.closest('[data-testid=order-row]')?.getAttribute('data-index'),
        ),
      )
      .toBe('1');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-uid'))).not.toBe(second);
  });
});
