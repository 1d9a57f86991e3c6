import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { type Stack, startStack } from './harness.js';
import { expectTodayStatusTime } from './status-time.js';

// Findings of the "orders console as a work queue" probe, checked in Chromium against the real stack.

let stack: Stack;
let browser: Browser;
let page: Page;

const WIDTHS = [1280, 1440, 1920] as const;

async function signIn(p: Page): Promise<void> {
  await p.goto(`${stack.baseUrl}/realtime`);
  await p.waitForURL(/\/login/);
  await p.getByLabel('E-mail').fill('ops@example.com');
  await p.getByLabel('Password').fill('waybill-demo');
  await p.getByRole('button', { name: 'CONTINUE' }).click();
  await p.waitForURL(/\/realtime/);
}

/** Every visible button, link and input of `scope` lies inside the viewport horizontally and is not clipped. */
async function expectControlsOnScreen(scope: Locator, width: number): Promise<void> {
  const boxes = await scope.locator('button:visible, a:visible, input:visible').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { name: el.getAttribute('aria-label') ?? el.textContent ?? '', left: r.left, right: r.right };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.left, `${box.name} at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${box.name} at ${width} px`).toBeLessThanOrEqual(width);
  }
}

/** Opens a row's 'Order Options' menu and returns its item labels. */
async function openMenu(row: Locator): Promise<string[]> {
  await row.getByRole('button', { name: 'Order Options' }).click();
  const menu = page.getByRole('menu', { name: 'Order Options' });
  await menu.waitFor();
  return menu.getByRole('menuitem').allTextContents();
}

/** The first of the first 15 listed rows whose menu offers `action`, with its menu left open. */
async function firstRowOffering(action: string): Promise<Locator> {
  const rows = page.getByTestId('order-row');
  await rows.first().waitFor({ timeout: 15_000 });
  const count = Math.min(await rows.count(), 15);
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const items = await openMenu(row);
    if (items.some((text) => text.startsWith(action))) return row;
    await page.keyboard.press('Escape');
  }
  throw new Error(`no visible order offers '${action}'`);
}

/** DD, MM and YYYY of a date as the browser's local calendar reads it. */
const localParts = (date: Date) => ({
  day: String(date.getDate()).padStart(2, '0'),
  month: String(date.getMonth() + 1).padStart(2, '0'),
  year: String(date.getFullYear()),
});

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('the orders console as a work queue', () => {
  it('shows its own not-found page for an unknown address, inside the console', async () => {
    const response = await page.goto(`${stack.baseUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    const panel = page.getByRole('region', { name: 'Page not found' });
    await panel.waitFor();
    expect(await page.content()).not.toContain('"statusCode"');
    // The console's shell (header navigation) is around it.
    await page.getByRole('link', { name: 'Realtime' }).first().waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectControlsOnScreen(page.locator('body'), width);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await panel.getByRole('link', { name: 'Go to the realtime orders' }).click();
    await page.waitForURL(/\/realtime$/);
  });

  it('date modal: focus starts on the day, implausible dates are refused with the allowed range, Enter saves', async () => {
    await page.goto(`${stack.baseUrl}/realtime`);
    await firstRowOffering('Cancel order');
    await page.getByRole('menuitem', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark Order as Cancelled' });
    await dialog.waitFor();
    const day = dialog.getByLabel('Day');
    await expect.poll(() => day.evaluate((el) => el === document.activeElement)).toBe(true);
    const save = dialog.getByRole('button', { name: 'SAVE CHANGES' });
    const before = stack.sim.control.callCounts()['/orders/change_status'] ?? 0;
    const alert = dialog.getByRole('alert');

    // Typed straight into the focused day field; focus moves on by itself.
    await page.keyboard.type('10111999');
    await alert.waitFor();
    const message = (await alert.textContent()) ?? '';
    const range = /^Enter a date from (\d\d)\/(\d\d)\/(\d{4}) to (\d\d)\/(\d\d)\/(\d{4})\.$/.exec(message);
    expect(range, message).not.toBeNull();
    expect(await save.isDisabled()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await dialog.isVisible()).toBe(true);

    // No day after today: a status cannot be dated in the future.
    expect(range?.slice(4, 7)).toEqual(Object.values(localParts(new Date())));
    // The created day bounds the range from below: the day before it is refused too.
    const [, dd, mm, yyyy] = range ?? [];
    const created = new Date(Number(yyyy), Number(mm) - 1, Number(dd));
    const dayBefore = new Date(created);
    dayBefore.setDate(dayBefore.getDate() - 1);
    for (const date of [dayBefore, new Date(2030, 0, 1)]) {
      const parts = localParts(date);
      await day.fill(parts.day);
      await dialog.getByLabel('Month').fill(parts.month);
      await dialog.getByLabel('Year').fill(parts.year);
      expect(await alert.textContent()).toBe(message);
      expect(await save.isDisabled()).toBe(true);
    }
    expect(stack.sim.control.callCounts()['/orders/change_status'] ?? 0).toBe(before);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectControlsOnScreen(dialog, width);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    const today = localParts(new Date());
    await day.fill(today.day);
    await dialog.getByLabel('Month').fill(today.month);
    await dialog.getByLabel('Year').fill(today.year);
    expect(await save.isEnabled()).toBe(true);
    const savedFrom = Date.now();
    await dialog.getByLabel('Year').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const body = stack.sim.control.lastBody('/orders/change_status') as {
      status: string;
      happened_at: string;
    };
    expect(body.status).toBe('cancelled');
    expect(localParts(new Date(body.happened_at))).toEqual(today);
    expectTodayStatusTime(body.happened_at, savedFrom);
  });

  it('reissue AWB names the backend’s limit on boxes and sends nothing above it', async () => {
    await page.goto(`${stack.baseUrl}/realtime?status=ready_for_picking`);
    await firstRowOffering('Reissue AWB');
    await page.getByRole('menuitem', { name: 'Reissue AWB' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reissue AWB' });
    await dialog.waitFor();
    const boxes = dialog.getByLabel('Number of boxes');
    const more = dialog.getByRole('button', { name: 'More boxes' });
    const confirm = dialog.getByRole('button', { name: 'CONFIRM' });
    // The gateway's REISSUE_MAX_PARCELS (99 by default, the sim's own bound) reaches the modal.
    await boxes.fill('98');
    expect(await more.isEnabled()).toBe(true);
    await more.click();
    expect(await boxes.inputValue()).toBe('99');
    expect(await more.isDisabled()).toBe(true);
    await boxes.fill('1001');
    await dialog.getByText('At most 99 boxes can be reissued at once.').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectControlsOnScreen(dialog, width);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    const before = stack.sim.control.callCounts()['/orders/reissue_shipping_label'] ?? 0;
    await boxes.press('Enter');
    expect(stack.sim.control.callCounts()['/orders/reissue_shipping_label'] ?? 0).toBe(before);
    await dialog.getByRole('button', { name: 'CANCEL' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('offers Delivered (not Received by Sender) on the way out, and neither once back to sender', async () => {
    const firstMenu = async (query: string, status: string) => {
      await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5&status=${query}`);
      const row = page.getByTestId('order-row').first();
      await row.waitFor({ timeout: 15_000 });
      expect(await row.getByTestId('order-status').textContent()).toContain(status);
      const items = await openMenu(row);
      await page.keyboard.press('Escape');
      return items;
    };
    const outbound = await firstMenu('shipping_in_transit', 'In Transit');
    expect(outbound).toContain('Mark as Delivered');
    expect(outbound).not.toContain('Mark as Received by Sender');
    const back = await firstMenu('back_to_sender', 'Back to Sender');
    expect(back).not.toContain('Mark as Delivered');
    expect(back).not.toContain('Mark as Received by Sender');
    const returning = await firstMenu('shipping_returning_to_sender', 'Returning');
    expect(returning).toContain('Mark as Received by Sender');
    expect(returning).not.toContain('Mark as Delivered');
  });

  it('shows placeholders, not zeros, in the summary cards until the statistics arrive', async () => {
    // The statistics stage comes 3 s late; a filter no earlier test used starts a fresh cohort.
    stack.sim.control.setFault({ kind: 'slow', delayMs: 3000, paths: ['/orders/search/display_statistics'] });
    try {
      await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5&q=0`);
      const errors = page.getByTestId('summary-errors');
      await errors.getByTestId('skeleton-block').waitFor({ timeout: 2_500 });
      expect(await errors.textContent()).not.toMatch(/\d/);
      expect(await page.getByRole('group', { name: 'Order priorities' }).getAttribute('aria-busy')).toBe(
        'true',
      );
      // Then the real count replaces the placeholder.
      await errors.getByTestId('skeleton-block').waitFor({ state: 'detached', timeout: 15_000 });
      expect(await errors.textContent()).toMatch(/\d/);
    } finally {
      stack.sim.control.setFault(null);
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectControlsOnScreen(page.getByRole('region', { name: 'Realtime orders' }), width);
      // No count badge is clipped by its card.
      const clipped = await page.locator('[data-testid^=summary-] span').evaluateAll(
        (spans) =>
          spans.filter((span) => {
            const card = span.closest('button')?.getBoundingClientRect();
            const r = span.getBoundingClientRect();
            return (
              card &&
              (r.left < card.left || r.right > card.right + 0.5 || span.scrollWidth > span.clientWidth + 1)
            );
          }).length,
      );
      expect(clipped, `clipped badges at ${width} px`).toBe(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
