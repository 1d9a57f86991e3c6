import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { problemsAtSizes } from './fits-view.js';
import { type Stack, startStack } from './harness.js';
import { movePointerAway } from './page-waits.js';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let orderUid = '';

async function signIn(p: Page, path = '/realtime'): Promise<void> {
  await p.goto(`${stack.baseUrl}${path}`);
  await p.waitForURL(/\/login/);
  await p.getByLabel('E-mail').fill('ops@example.com');
  await p.getByLabel('Password').fill('waybill-demo');
  await p.getByRole('button', { name: 'CONTINUE' }).click();
  await p.waitForURL(/\/realtime/);
}

const detail = (p: Page) => p.getByTestId('order-detail');
const row = (p: Page, uid: string) => p.locator(`[data-testid=order-row][data-uid="${uid}"]`);

async function addComment(p: Page, text: string, action: (p: Page) => Promise<void>): Promise<void> {
  await detail(p).getByTestId('order-detail-header').waitFor();
  const box = detail(p).getByPlaceholder('Add new comment');
  if (!(await box.isVisible())) await detail(p).getByRole('button', { name: 'New comment' }).click();
  await box.fill(text);
  await action(p);
  await detail(p).getByRole('button', { name: 'Add comment' }).click();
  await detail(p).getByTestId('comment-item').filter({ hasText: text }).waitFor();
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await signIn(page);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('order detail in Chromium', () => {
  it('opens an order from the list as an overlay and reads each tab', async () => {
    const first = page.getByTestId('order-row').first();
    await first.waitFor();
    orderUid = (await first.getAttribute('data-uid')) ?? '';
    await first.getByTestId('comment-overview').getByRole('link').click();
    await page.waitForURL(/\/realtime\/order\?uid=/);
    expect(new URL(page.url()).searchParams.get('uid')).toBe(orderUid);
    await detail(page).getByTestId('order-detail-header').waitFor();
    // A screen reader announces the order, not the copy button its title holds.
    const reference = await detail(page).getByRole('heading').first().textContent();
    expect(reference).toMatch(/^#\S+/);
    expect(await detail(page).getAttribute('role')).toBe('dialog');
    expect(await page.getByRole('dialog', { name: `Order ${reference}`, exact: true }).count()).toBe(1);
    // The page behind does not scroll while the overlay is open.
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    await detail(page).getByRole('tab', { name: 'History' }).click();
    const entries = detail(page).getByTestId('history-entry');
    await entries.first().waitFor();
    expect(await entries.first().getAttribute('data-status')).toBe('new');
    // The sim's history starts with its own new_ entry at the created date: New is listed once.
    const labels = await entries.locator('td:nth-child(2) > span:first-child').allTextContents();
    expect(labels.filter((label) => label === 'New')).toHaveLength(1);

    // At 1280, 1440 and 1920 px every control of the detail is on screen and the status pill is whole.
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      const off = await detail(page)
        .locator('button:visible, a:visible')
        .evaluateAll(
          (els, w) =>
            els
              .filter((el) => {
                const r = el.getBoundingClientRect();
                return r.left < 0 || r.right > w;
              })
              .map((el) => el.getAttribute('aria-label') ?? el.textContent),
          width,
        );
      expect(off, `off screen at ${width} px`).toEqual([]);
      const pillClipped = await detail(page)
        .getByTestId('detail-status')
        .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(pillClipped, `status pill clipped at ${width} px`).toBe(false);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // A tooltip of the detail opens inside it (the list under it is inert), and the whole page keeps
    // to axe's rules with it open.
    const copy = detail(page).getByRole('button', { name: /^Copy order reference/ });
    await copy.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor({ timeout: 5_000 });
    expect(await tooltip.evaluate((t) => t.closest('[data-testid="order-detail"]') !== null)).toBe(true);
    expect(await axeViolations(page, 'body')).toEqual([]);
    await movePointerAway(page);
    await tooltip.waitFor({ state: 'detached', timeout: 5_000 });

    await detail(page).getByRole('tab', { name: 'Order' }).click();
    await detail(page).getByRole('table', { name: 'Order contents' }).waitFor();
    expect(await detail(page).getByRole('columnheader').allTextContents()).toEqual([
      'Product',
      'Order Qty.',
      'Status',
      'Issues',
    ]);

    await detail(page)
      .getByRole('tab', { name: /Comments/ })
      .click();
    expect(
      await detail(page)
        .getByRole('tab', { name: /Comments/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('adds a snoozed and then an escalated comment', async () => {
    await addComment(page, 'E2E snooze: waiting for the courier to answer', async (p) => {
      await detail(p).getByRole('button', { name: 'Snooze' }).click();
      await detail(p).getByRole('button', { name: '2', exact: true }).click();
      await detail(p).getByRole('button', { name: 'Hour' }).click();
    });
    const snoozed = detail(page).getByTestId('comment-item').filter({ hasText: 'E2E snooze' });
    expect(await snoozed.getAttribute('data-kind')).toBe('snoozed');
    expect(await snoozed.getByText(/left$/).textContent()).toMatch(/^(1h|2h|\d+m) left$/);

    await addComment(page, 'E2E escalation: customer disputes the delivery', async (p) => {
      await detail(p).getByRole('button', { name: 'Escalate' }).click();
      await detail(p).getByRole('button', { name: 'Non-technical' }).click();
    });
    const escalated = detail(page).getByTestId('comment-item').filter({ hasText: 'E2E escalation' });
    expect(await escalated.getAttribute('data-kind')).toBe('escalated');
    // The escalation retired the snooze: the earlier comment now reads as a past snooze.
    await snoozed.getByText('Snoozed').waitFor();
  });

  it('closes back to the list, where the overview shows the latest comment', async () => {
    // The escalation came last and retired the snooze, so the order is active and listed.
    await detail(page).getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/realtime$/);
    const overview = row(page, orderUid).getByTestId('comment-overview');
    await overview.getByText('E2E escalation: customer disputes the delivery').waitFor({ timeout: 15_000 });
    expect(await overview.getAttribute('data-icon')).toBe('escalated');
    expect(await overview.getByText(/^\+ \d+ comments$/).count()).toBe(1);
  });

  it("shows another staff member's comment live in an open detail", async () => {
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const second = await other.newPage();
    await signIn(second);
    await second.goto(`${stack.baseUrl}/realtime/order?uid=${encodeURIComponent(orderUid)}&cached=true`);
    await detail(second).getByTestId('order-detail-header').waitFor();
    await detail(second)
      .getByRole('tab', { name: /Comments/ })
      .click();

    await page.goto(`${stack.baseUrl}/realtime/order?uid=${encodeURIComponent(orderUid)}&newComment=true`);
    await addComment(page, 'E2E live: second desk sees this without reloading', async () => undefined);

    await detail(second)
      .getByTestId('comment-item')
      .filter({ hasText: 'E2E live: second desk sees this' })
      .waitFor({ timeout: 20_000 });
    await other.close();
  });

  it('a comment sent from one tab empties its twin in another, which can put it back', async () => {
    const url = `${stack.baseUrl}/realtime/order?uid=${encodeURIComponent(orderUid)}&newComment=true`;
    const text = 'E2E two tabs: sent once only';
    await page.goto(url);
    await detail(page).getByTestId('order-detail-header').waitFor();
    const box = detail(page).getByPlaceholder('Add new comment');
    await box.fill(text);
    // The second tab of the same browser opens the same order: the draft comes along.
    const twin = await context.newPage();
    await twin.goto(url);
    const twinBox = detail(twin).getByPlaceholder('Add new comment');
    await twinBox.waitFor();
    expect(await twinBox.inputValue()).toBe(text);
    await detail(twin).getByRole('button', { name: 'Add comment' }).click();
    await detail(twin).getByTestId('comment-item').filter({ hasText: text }).waitFor();

    const notice = detail(page).getByTestId('comment-gone-elsewhere');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toBe('This text was sent or discarded in another tab. Put it back');
    expect(await box.inputValue()).toBe('');
    expect(await detail(page).getByRole('button', { name: 'Add comment' }).isDisabled()).toBe(true);
    expect(await problemsAtSizes(page, { width: 1440, height: 900 })).toEqual([]);
    expect(await axeViolations(page, '[data-testid="order-detail"]')).toEqual([]);
    await notice.getByRole('button', { name: 'Put it back' }).click();
    expect(await box.inputValue()).toBe(text);
    await box.fill('');
    await twin.close();
  });
});
