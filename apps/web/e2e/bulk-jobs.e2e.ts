import { formatOrderReference } from '@waybill/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

const COMMENT_PATH = '/orders/order/{uid}/comments';
const TEXT = 'Bulk job note: depot closed for inventory';
const COUNT = 12;

let stack: Stack;
let context: BrowserContext;
let page: Page;

const rows = () => page.getByTestId('order-row');
const row = (uid: string) => page.locator(`[data-testid=order-row][data-uid="${uid}"]`);
const trayButton = () => page.getByTestId('export-tray-button');

async function openTray(on: Page = page) {
  const panel = on.getByTestId('export-tray');
  if (!(await panel.isVisible())) await on.getByTestId('export-tray-button').click();
  await panel.waitFor({ timeout: 10_000 });
  return panel;
}

useSignedInBrowser(
  { env: { LOG_LEVEL: 'error' }, context: { viewport: { width: 1440, height: 900 } } },
  (made) => {
    ({ stack, context, page } = made);
  },
);

afterEach(() => stack.sim.control.setFault(null));

describe('a bulk action runs on the server', () => {
  it('survives a reload mid-run: the tray follows it to the end and lists each order; the orders got the comment', {
    timeout: 240_000,
  }, async () => {
    await page.goto(`${stack.baseUrl}/realtime`);
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(COUNT);
    const uids = await rows().evaluateAll(
      (els, n) => els.slice(0, n).map((e) => e.getAttribute('data-uid')!),
      COUNT,
    );
    const before = uids.map((u) => stack.sim.store.orders.get(u)!.comments.length);
    await row(uids[0]!).getByTestId('row-tick').click();
    await row(uids[COUNT - 1]!)
      .getByTestId('row-tick')
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => page.getByTestId('bulk-bar').textContent()).toContain(`${COUNT} selected`);

    // Every comment is held 4 s by the backend: three rounds of four take 12 s, so the reload lands
    // mid-run; the fault stays until the tray has been seen following the job.
    stack.sim.control.setFault({ kind: 'slow', delayMs: 4000, paths: [COMMENT_PATH] });
    await page.getByTestId('bulk-addComment').click();
    const modal = page.getByTestId('bulk-comment');
    await modal.getByRole('textbox').fill(TEXT);
    await modal.getByRole('button', { name: 'ADD COMMENT' }).click();
    const run = page.getByTestId('bulk-run');
    await expect.poll(() => run.getByTestId('bulk-progress').textContent()).toContain(`of ${COUNT} done`);
    await run.getByText('closing this or reloading keeps it going').waitFor();

    await page.reload();
    await expect
      .poll(() => trayButton().textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^Add comment: \\d+ of ${COUNT}$`));
    const panel = await openTray();
    const entry = panel.getByTestId('bulk-job').first();
    await entry.getByRole('progressbar', { name: `Add comment on ${COUNT} orders` }).waitFor();
    expect(await axeViolations(page, '[data-testid="export-tray"]')).toEqual([]);

    // A new tab of the same user finds it too.
    const other = await context.newPage();
    try {
      await other.goto(`${stack.baseUrl}/realtime`);
      const otherPanel = await openTray(other);
      await otherPanel.getByTestId('bulk-job').first().waitFor({ timeout: 15_000 });
    } finally {
      await other.close();
    }

    stack.sim.control.setFault(null);
    await expect.poll(() => trayButton().textContent(), { timeout: 60_000 }).toBe('Bulk actions');
    const done = (await openTray()).getByTestId('bulk-job').first();
    expect(await done.getAttribute('data-state')).toBe('done');
    expect(await done.textContent()).toContain(`${COUNT} changed, 0 failed`);
    expect(await axeViolations(page, '[data-testid="export-tray"]')).toEqual([]);

    await done.getByRole('button', { name: `Results of Add comment on ${COUNT} orders` }).click();
    const results = page.getByTestId('bulk-run');
    await results.waitFor();
    await expect
      .poll(() => results.getByTestId('bulk-progress').textContent())
      .toContain(`${COUNT} of ${COUNT} done: ${COUNT} changed, 0 failed`);
    const listed = await results.getByTestId('bulk-item').allTextContents();
    const references = uids.map((u) => formatOrderReference(stack.sim.store.orders.get(u)!.reference));
    expect(listed).toHaveLength(COUNT);
    for (const reference of references) expect(listed.some((t) => t.startsWith(reference))).toBe(true);
    for (const text of listed) expect(text).toMatch(/Done$/);
    expect(await axeViolations(page, '[data-testid="bulk-run"]')).toEqual([]);

    uids.forEach((u, i) => {
      const comments = stack.sim.store.orders.get(u)!.comments;
      expect(comments.length).toBe(before[i]! + 1);
      expect(comments.some((c) => c.text === TEXT)).toBe(true);
    });
    await results.getByRole('button', { name: 'Done' }).click();
    await results.waitFor({ state: 'detached' });
  });
});
