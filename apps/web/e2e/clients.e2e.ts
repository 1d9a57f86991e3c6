import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Stack } from './harness.js';
import { framesDrawn } from './page-waits.js';
import { useSignedInBrowser } from './signed-in-browser.js';

let stack: Stack;
let page: Page;

const storeCount = async () =>
  Number((await page.getByTestId('store-count').textContent())?.replace(/\D/g, ''));
const rowNames = () =>
  page
    .getByTestId('store-row')
    .locator('td:first-child a, td:first-child span[class*="name"]')
    .allTextContents();
/** The count shown in an option or card (its own element, so labels like 'Under 10' do not mix in). */
const countOf = async (option: Locator) => {
  const count = option.locator('[class*="count"], [class*="Count"]').first();
  if ((await count.count()) === 0) return Number.NaN;
  return Number((await count.textContent())?.replace(/\D/g, ''));
};

/** Picks an option of a dropdown filter; returns the option's count. */
async function pick(
  testId: string,
  pickOption: (menu: Locator) => Locator,
  inspect?: (option: Locator) => Promise<void>,
): Promise<number> {
  await page.getByTestId(testId).click();
  const menu = page.getByRole('menu');
  const option = pickOption(menu);
  const count = await countOf(option);
  await inspect?.(option);
  await option.click();
  await menu.waitFor({ state: 'detached' });
  return count;
}

/** The count line says `count`, and the rows on screen are that list's (the table is not busy). */
async function expectCount(count: number) {
  await expect.poll(storeCount, { timeout: 15_000 }).toBe(count);
  await page.locator('table[aria-busy="false"]').waitFor({ timeout: 15_000 });
}

useSignedInBrowser({ context: { viewport: { width: 1500, height: 1000 } } }, (made) => {
  ({ stack, page } = made);
});

describe('clients analytics in the browser', () => {
  /** Loads /clients afresh and returns the default store count. */
  async function open(): Promise<number> {
    await page.goto(`${stack.baseUrl}/clients`);
    await expect.poll(() => page.getByTestId('store-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const initial = await storeCount();
    expect(initial).toBeGreaterThan(0);
    return initial;
  }

  it('filters by country, courier and source app, and clears filters', async () => {
    const initial = await open();
    expect(await page.getByRole('radio', { name: /Fulfillment app/ }).getAttribute('aria-checked')).toBe(
      'true',
    );

    // Country: every row then carries that country chip.
    // The name is read from the option itself: the button may show "1 selected" while the
    // statistics for the new filter are still loading.
    let country = '';
    const countryCount = await pick(
      'filter-country',
      (m) => m.getByRole('menuitem').nth(1),
      async (option) => {
        country = await option.evaluate((el) => {
          const label = el.querySelector('[class*="label"]');
          return (label?.firstChild?.textContent ?? '').trim();
        });
      },
    );
    expect(country).not.toBe('');
    await expectCount(countryCount);
    const chips = await page
      .getByTestId('store-row')
      .locator('[title]')
      .evaluateAll((els, name) => els.filter((e) => e.getAttribute('title') === name).length, country);
    expect(chips).toBe(await page.getByTestId('store-row').count());

    // Courier, then Clear Filters brings the whole list back.
    const courierCount = await pick('filter-courier', (m) => m.getByRole('menuitem').nth(1));
    expect(courierCount).toBeGreaterThan(0);
    await expect.poll(storeCount).toBeLessThanOrEqual(countryCount);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expectCount(initial);

    // Source app switch.
    const monitor = page.getByRole('radio', { name: /Monitor App/ });
    const monitorCount = Number((await monitor.textContent())?.replace(/\D/g, ''));
    await monitor.click();
    await expectCount(monitorCount);
    await page.getByRole('radio', { name: /Fulfillment app/ }).click();
    await expectCount(initial);
  });

  it('toggles activity cards and store statuses', async () => {
    const initial = await open();

    // Activity cards toggle priorities: turning one off removes exactly its stores.
    const cards = page.locator('[data-testid^="activity-card-"]');
    const enabled = cards.locator('xpath=self::*[@aria-pressed="true"]');
    const cardId = (await enabled.first().getAttribute('data-testid'))!;
    const card = page.getByTestId(cardId);
    const cardCount = await countOf(card);
    await card.click();
    await expect.poll(() => card.getAttribute('aria-pressed')).toBe('false');
    await expectCount(initial - cardCount);
    await card.click();
    await expectCount(initial);

    // Store status toggles: adding Deleted widens the list; the last one cannot be turned off.
    await page.getByRole('button', { name: 'Deleted', exact: true }).click();
    await expect.poll(storeCount).toBeGreaterThan(initial);
    const widened = await storeCount();
    await page.getByRole('button', { name: 'Installed', exact: true }).click();
    await expect.poll(storeCount).toBeLessThan(widened);
    const deletedOnly = await storeCount();
    // The list follows the filter in the URL: the click on the last status leaves the URL (and the
    // history) as it was, once the page has handled it and drawn the result.
    const where = () => page.evaluate(() => [window.location.search, window.history.length] as const);
    const before = await where();
    await page.getByRole('button', { name: 'Deleted', exact: true }).click();
    await framesDrawn(page);
    expect(await where()).toEqual(before);
    expect(
      await page.getByRole('button', { name: 'Deleted', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await storeCount()).toBe(deletedOnly);
    const uninstalled = await page
      .getByTestId('store-row')
      .evaluateAll((rows) => rows.every((r) => (r as HTMLElement).dataset.state === 'uninstalled'));
    expect(uninstalled).toBe(true);
    await page.getByRole('button', { name: 'Installed', exact: true }).click();
    await page.getByRole('button', { name: 'Deleted', exact: true }).click();
    await expectCount(initial);
  });

  it('searches by name and filters by size, SKU count and activity period', async () => {
    const initial = await open();

    // Name search: every row name contains the term.
    const firstName = (await rowNames())[0] ?? '';
    const term = firstName.replace(/^www\./, '').slice(0, 4);
    await page.getByLabel('Search stores by name').fill(term);
    await expect.poll(storeCount).toBeLessThan(initial + 1);
    await expect
      .poll(async () => (await rowNames()).every((n) => n.toLowerCase().includes(term.toLowerCase())))
      .toBe(true);
    await page.getByLabel('Search stores by name').fill('');
    await expectCount(initial);

    // Company size: single select; clicking the selected size clears it.
    const sizeCount = await pick('filter-size', (m) => m.getByRole('menuitem', { name: /Medium/ }));
    await expectCount(sizeCount);
    await pick('filter-size', (m) => m.getByRole('menuitem', { name: /Medium/ }));
    await expectCount(initial);

    // SKU count: zero-count options are hidden; picking one shows its stores.
    await page.getByTestId('filter-skus').click();
    const skuItems = await page.getByRole('menu').getByRole('menuitem').allTextContents();
    expect(skuItems[0]).toBe('Any # of SKUs');
    expect(skuItems.length).toBeGreaterThan(1);
    const skuCounts = page.getByRole('menu').getByRole('menuitem');
    for (let i = 1; i < skuItems.length; i++) expect(await countOf(skuCounts.nth(i))).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    const skuCount = await pick('filter-skus', (m) => m.getByRole('menuitem').nth(1));
    await expectCount(skuCount);
    await pick('filter-skus', (m) => m.getByRole('menuitem', { name: 'Any # of SKUs' }));
    await expectCount(initial);

    // Activity period buttons.
    const periods = page.getByRole('group', { name: 'Activity period' }).getByRole('button');
    const labels = await periods.allTextContents();
    expect(labels[0]).toBe('ALL');
    const period = periods.filter({ hasText: '30 DAYS' });
    await period.click();
    await expect.poll(() => period.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(storeCount).toBeLessThanOrEqual(initial);
    await periods.filter({ hasText: 'ALL' }).click();
    await expectCount(initial);
  });

  it("shows stores without orders (size '0') as '-' and selects them with 'No Orders (0)'", async () => {
    const initial = await open();
    // No size badge reads '0'.
    const badges = await page.getByTestId('size-badge').allTextContents();
    expect(badges).not.toContain('0');
    const noOrders = stack.sim.store.stores.filter((s) => s.size === '0').length;
    expect(noOrders).toBeGreaterThan(0);

    const count = await pick('filter-size', (m) => m.getByRole('menuitem', { name: /No Orders \(0\)/ }));
    expect(count).toBeGreaterThan(0);
    await expectCount(count);
    expect(new URL(page.url()).searchParams.get('size')).toBe('0');
    // Every row listed has no orders in 30 days and says so with '-'.
    const rows = page.getByTestId('store-row');
    await expect.poll(() => rows.count()).toBe(Math.min(count, 20));
    const pills = await rows.getByTestId('orders-pill').allTextContents();
    for (const pill of pills) expect(pill).toMatch(/^0 orders/);
    for (const badge of await rows.getByTestId('size-badge').all()) {
      const uninstalled = (await badge.getAttribute('title')) === 'Uninstalled';
      if (!uninstalled) {
        expect(await badge.textContent()).toBe('-');
        expect(await badge.getAttribute('title')).toBe('No orders in 30 days');
      }
    }
    // Clicking it again clears it.
    await pick('filter-size', (m) => m.getByRole('menuitem', { name: /No Orders \(0\)/ }));
    await expectCount(initial);
  });

  it('keeps its filters in the URL across a reload', async () => {
    const initial = await open();
    const deleted = page.getByRole('button', { name: 'Deleted', exact: true });
    await deleted.click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'installed,deleted');
    await expect.poll(storeCount).toBeGreaterThan(initial);
    const widened = await storeCount();
    const app = page.getByRole('radio', { name: /Fulfillment app/ });

    await page.reload();
    await expect.poll(() => page.getByTestId('store-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expectCount(widened);
    expect(await deleted.getAttribute('aria-pressed')).toBe('true');
    expect(await app.getAttribute('aria-checked')).toBe('true');

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await expectCount(initial);
    expect(await deleted.getAttribute('aria-pressed')).toBe('false');
  });
});
