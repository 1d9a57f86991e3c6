import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

// Every filter dropdown of the three lists, opened one after the other: axe (every default rule)
// finds nothing with it open. The ones with a filter box are named, so the check cannot pass by
// opening none of them.

let stack: Stack;
let page: Page;

useSignedInBrowser(
  { env: { LOG_LEVEL: 'error' }, context: { viewport: { width: 1280, height: 800 } } },
  (made) => {
    ({ stack, page } = made);
  },
);

/** Opens every dropdown filter of the page in turn; returns the test ids of those with a filter box. */
async function openEach(path: string, rowTestId: string): Promise<string[]> {
  await page.goto(`${stack.baseUrl}${path}`);
  await expect.poll(() => page.getByTestId(rowTestId).count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.locator('table[aria-busy="false"]').waitFor({ timeout: 20_000 });
  const triggers = page.locator('button[data-testid^="filter-"][aria-haspopup]');
  const ids = await triggers.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  const searchable: string[] = [];
  for (const id of ids) {
    await page.getByTestId(id).click();
    await page.getByRole('menu').waitFor();
    expect(await axeViolations(page, 'body'), `${path} ${id} open`).toEqual([]);
    const box = page.getByRole('textbox', { name: /^Filter .* options$/ });
    if ((await box.count()) > 0) {
      searchable.push(id);
      // The box takes typing, and Arrow Down goes on to the first option.
      await box.fill('a');
      await box.press('ArrowDown');
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('role') ?? '');
      expect(focused, `${path} ${id}: Arrow Down from the box`).toMatch(/^menuitem/);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  }
  return searchable;
}

describe('filter dropdowns open, with their filter box: 0 axe violations', () => {
  it('orders: All users, All Merchants and All Couriers have a box, every dropdown is clean open', async () => {
    const searchable = await openEach('/realtime', 'order-row');
    expect(searchable).toEqual(expect.arrayContaining(['filter-user', 'filter-merchant', 'filter-courier']));
  });

  it('inbounds: All Merchants has a box, every dropdown is clean open', async () => {
    const searchable = await openEach('/inbounds', 'inbound-row');
    expect(searchable).toEqual(expect.arrayContaining(['filter-merchants']));
  });

  it('clients: All Couriers has a box, every dropdown is clean open', async () => {
    const searchable = await openEach('/clients', 'store-row');
    expect(searchable).toEqual(expect.arrayContaining(['filter-courier']));
  });
});
