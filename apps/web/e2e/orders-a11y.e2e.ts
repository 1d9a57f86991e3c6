import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolationsStrict as axeViolations } from './axe.js';
import type { Stack } from './harness.js';
import { movePointerAway } from './page-waits.js';
import { useSignedInBrowser } from './signed-in-browser.js';

let stack: Stack;
let page: Page;

const rows = () => page.getByTestId('order-row');
const dialog = () => page.getByRole('dialog');

async function openList(path = '/realtime') {
  await page.goto(`${stack.baseUrl}${path}`);
  await expect.poll(() => rows().count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.locator('table[aria-busy="false"]').waitFor({ timeout: 20_000 });
  // The statistics (bars, counts) land after the rows; a reference search shows no status bar.
  if (!path.includes('q=')) await page.getByTestId('status-bar').waitFor({ timeout: 20_000 });
}

useSignedInBrowser(
  { env: { LOG_LEVEL: 'error' }, context: { viewport: { width: 1280, height: 800 } } },
  (made) => {
    ({ stack, page } = made);
  },
);

const REISSUE_STATUSES = ['ready_for_picking', 'in_picking', 'waiting_for_courier'];

/** Orders whose label can be reissued (label warehouse, a fulfilment order key, status). */
function reissuable(): { uid: string; reference: string }[] {
  const labelCenters = new Set(
    stack.sim.store.fulfillmentCenters.filter((c) => c.requiresLabel).map((c) => c.uid),
  );
  return [...stack.sim.store.orders.values()]
    .filter(
      (o) =>
        o.reference !== null &&
        o.managed_by === 'waybill' &&
        REISSUE_STATUSES.includes(o.status) &&
        o.fulfillment_center_uid !== null &&
        labelCenters.has(o.fulfillment_center_uid) &&
        o.fulfillmentOrders.some((f) => f.unique_key),
    )
    .map((o) => ({ uid: o.uid, reference: o.reference as string }));
}

/** The popup lies inside its landmark (`main`, or `header` for the banner) and wholly inside the view. */
const placed = (popup: Locator, width: number, landmark = 'main') =>
  popup.evaluate(
    (el, [w, within]) => {
      const r = el.getBoundingClientRect();
      return el.closest(within) !== null && r.left >= 0 && r.right <= w && r.top >= 0 && r.bottom <= 800;
    },
    [width, landmark] as const,
  );

/** Opens the row menu of an order (the first listed one by default) and picks `item`. */
async function rowAction(item: string, uid?: string) {
  const row = uid ? page.locator(`[data-testid=order-row][data-uid="${uid}"]`) : rows().first();
  await row.getByRole('button', { name: 'Order Options' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await dialog().waitFor({ timeout: 20_000 });
}

describe('orders screen accessibility (axe-core, 1280 px)', () => {
  it('the orders screen with a row menu or a status tooltip open: inside main and the view, 0 violations', async () => {
    await openList();
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await rows().first().getByRole('button', { name: 'Order Options' }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor({ timeout: 5_000 });
      expect(await placed(menu, width), `row menu at ${width} px`).toBe(true);
      expect(await axeViolations(page, 'body'), `row menu open at ${width} px`).toEqual([]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached', timeout: 5_000 });

      await page.getByTestId('status-bar').getByRole('button').nth(1).hover();
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor({ timeout: 5_000 });
      expect(await placed(tooltip, width), `status tooltip at ${width} px`).toBe(true);
      expect(await axeViolations(page, 'body'), `status tooltip open at ${width} px`).toEqual([]);
      await movePointerAway(page);
      await tooltip.waitFor({ state: 'detached', timeout: 5_000 });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('the account menu over an open order detail: inside the banner, on top, 0 violations; a modal covers the header', async () => {
    await openList();
    await rows().first().getByTestId('comment-overview').getByRole('link').click();
    await page.getByTestId('order-detail').getByTestId('order-detail-header').waitFor({ timeout: 20_000 });
    /** The element drawn at the centre of `el`, as a pointer there would hit it, lies inside `el`. */
    const onTop = (locator: Locator) =>
      locator.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      });
    // includeHidden: a modal hides the rest of the page from assistive technology.
    const badge = page.getByRole('button', { name: /Account menu/, includeHidden: true });
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await badge.click();
      const menu = page.getByRole('menu');
      await menu.waitFor({ timeout: 5_000 });
      expect(await placed(menu, width, 'header'), `inside the banner and the view at ${width} px`).toBe(true);
      // It drops over the open detail, so it must be drawn above it.
      expect(await onTop(page.getByRole('menuitem', { name: 'Log out' })), `on top at ${width} px`).toBe(
        true,
      );
      expect(await axeViolations(page, 'body'), `account menu open at ${width} px`).toEqual([]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached', timeout: 5_000 });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // The header stays in use beside the detail, but a modal (the command palette) covers it.
    expect(await onTop(badge)).toBe(true);
    await openList();
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor({ timeout: 5_000 });
    expect(await onTop(badge)).toBe(false);
    await page.keyboard.press('Escape');
  });

  it('the orders screen, with rows ticked and the bulk bar: 0 violations', async () => {
    await openList();
    expect(await axeViolations(page, 'body')).toEqual([]);
    await rows().nth(0).getByTestId('row-tick').check();
    await rows().nth(1).getByTestId('row-tick').check();
    await page.getByTestId('bulk-bar').waitFor();
    expect(await axeViolations(page, 'body')).toEqual([]);
  });

  it('the order detail, its comment editor, snooze and escalate: 0 violations', async () => {
    await openList();
    await rows().first().getByTestId('comment-overview').getByRole('link').click();
    const detail = page.getByTestId('order-detail');
    await detail.getByTestId('order-detail-header').waitFor({ timeout: 20_000 });
    expect(await axeViolations(page, 'body')).toEqual([]);
    const box = detail.getByPlaceholder('Add new comment');
    if (!(await box.isVisible())) await detail.getByRole('button', { name: 'New comment' }).click();
    await box.fill('Checking the editor for accessibility');
    expect(await axeViolations(page, 'body')).toEqual([]);
    await detail.getByRole('button', { name: 'Snooze' }).click();
    expect(await axeViolations(page, 'body')).toEqual([]);
    await detail.getByRole('button', { name: 'Escalate' }).click();
    expect(await axeViolations(page, 'body')).toEqual([]);
  });

  it('the status date modals: 0 violations', async () => {
    await openList();
    await rowAction('Mark as Lost');
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.keyboard.press('Escape');
    await rowAction('Cancel order');
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('the reissue modal: 0 violations', async () => {
    const [order] = reissuable();
    expect(order, 'the sim has an order whose label can be reissued').toBeDefined();
    await openList(`/realtime?q=${encodeURIComponent(order!.reference)}&prio=all&active=all&user=all`);
    await rowAction('Reissue AWB', order!.uid);
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('the shortcuts dialog and the bulk modals: 0 violations', async () => {
    await openList();
    await page.locator('body').press('?');
    await page.getByTestId('shortcuts-dialog').waitFor();
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.keyboard.press('Escape');
    await rows().nth(0).getByTestId('row-tick').check();
    await page.getByTestId('bulk-addComment').click();
    await page.getByTestId('bulk-comment').waitFor();
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('the saved views dialogs: 0 violations', async () => {
    await openList();
    await page.getByTestId('saved-views').click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    await page.getByTestId('save-view').waitFor();
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.getByLabel('View name').fill('Accessibility check');
    await page.getByRole('button', { name: 'SAVE VIEW' }).click();
    await page.getByTestId('saved-views').click();
    await page.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
    await page.getByTestId('manage-views').waitFor();
    expect(await axeViolations(page, 'body')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('the command palette at 1920 px: 0 violations', async () => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    try {
      await openList();
      await page.keyboard.press('Control+k');
      const palette = page.getByTestId('command-palette');
      await palette.waitFor();
      expect(await axeViolations(page, 'body')).toEqual([]);
      await palette.getByRole('combobox').fill('cli');
      await expect.poll(() => palette.getByTestId('palette-option').count()).toBeGreaterThan(0);
      expect(await axeViolations(page, 'body')).toEqual([]);
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
