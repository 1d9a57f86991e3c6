import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { courierLongName, SKU_FILTER_LABELS, type SkuFilter } from '@waybill/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

let stack: Stack;
let page: Page;

// A data directory of its own: another gateway (a parallel run) may hold the default one.
const dataDir = mkdtempSync(join(tmpdir(), 'waybill-clients-spec-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

useSignedInBrowser(
  { env: { DATA_DIR: dataDir }, context: { viewport: { width: 1500, height: 1000 } } },
  (made) => {
    ({ stack, page } = made);
  },
);

const SKU_BUCKETS: readonly SkuFilter[] = [
  'less_than_10',
  'between_10_and_99',
  'between_100_and_999',
  'more_than_999',
];
const skuBucket = (count: number): SkuFilter =>
  count < 10
    ? 'less_than_10'
    : count < 100
      ? 'between_10_and_99'
      : count < 1000
        ? 'between_100_and_999'
        : 'more_than_999';

describe('clients analytics as the spec asks', () => {
  it('keeps selected country, courier, SKU and period values visible and removable when their counts drop to 0', async () => {
    const stores = stack.sim.store.stores;
    const todayStart = new Date(new Date(stack.sim.store.now()).toISOString().slice(0, 10)).getTime();
    // A store alone under its name, not seen today: with its name searched, every other value counts 0.
    const store = stores.find(
      (s) =>
        stores.filter((o) => o.name.toLowerCase().includes(s.name.toLowerCase())).length === 1 &&
        (s.latest?.lastSeenMs ?? 0) < todayStart,
    )!;
    expect(store).toBeDefined();
    const country = stores.map((s) => s.country).find((c) => c && c !== store.country) ?? 'IS';
    const courier = stores
      .flatMap((s) => s.couriers.map((c) => c.courier_id))
      .find((id) => id && !store.couriers.some((c) => c.courier_id === id))!;
    const sku = SKU_BUCKETS.find((b) => b !== skuBucket(store.skuCount))!;
    const params = new URLSearchParams({ q: store.name, country, courier, skus: sku, period: 'today' });
    await page.goto(`${stack.baseUrl}/clients?${params}`);
    await expect
      .poll(() => page.getByTestId('store-count').textContent(), { timeout: 20_000 })
      .toBe('0 store displayed');

    const countryName = new Intl.DisplayNames(['en'], { type: 'region' }).of(country)!;
    await expect
      .poll(() => page.getByTestId('filter-country').getAttribute('aria-label'), { timeout: 10_000 })
      .toBe(`Country: ${countryName}`);
    expect(await page.getByTestId('filter-courier').getAttribute('aria-label')).toBe(
      `Courier: ${courierLongName(courier)}`,
    );
    expect(await page.getByTestId('filter-skus').getAttribute('aria-label')).toBe(
      `SKU count: ${SKU_FILTER_LABELS[sku]}`,
    );
    const today = page.getByRole('group', { name: 'Activity period' }).getByRole('button', { name: 'TODAY' });
    expect(await today.getAttribute('aria-pressed')).toBe('true');

    // Each can be removed where it shows.
    await page.getByTestId('filter-country').click();
    await page.getByRole('menu').getByRole('menuitem', { name: countryName }).click();
    await expect
      .poll(() => page.getByTestId('filter-country').getAttribute('aria-label'))
      .toBe('Country: All Countries');
    await page.getByTestId('filter-skus').click();
    await page.getByRole('menu').getByRole('menuitem', { name: SKU_FILTER_LABELS[sku] }).click();
    await expect
      .poll(() => page.getByTestId('filter-skus').getAttribute('aria-label'))
      .toBe(`SKU count: ${SKU_FILTER_LABELS.all}`);
  });

  it('"Needs attention" visibly releases the activity filters it does not apply, and gives them back', async () => {
    const priority = [4, 3, 2, 1, 0].find((p) =>
      stack.sim.store.stores.some((s) => s.display_priority === p),
    )!;
    await page.goto(`${stack.baseUrl}/clients?prio=${priority}&period=allCount`);
    const card = page.getByTestId(`activity-card-${priority}`);
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getAttribute('aria-pressed')).toBe('true');

    await page.getByTestId('attention-card').click();
    await page.getByTestId('attention-note').waitFor({ timeout: 10_000 });
    expect(await card.getAttribute('aria-pressed')).toBe('false');
    expect(await card.isDisabled()).toBe(true);
    const all = page.getByRole('group', { name: 'Activity period' }).getByRole('button', { name: 'ALL' });
    expect(await all.getAttribute('aria-pressed')).toBe('false');
    expect(await all.isDisabled()).toBe(true);

    await page.getByTestId('attention-card').click();
    await page.getByTestId('attention-note').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await card.getAttribute('aria-pressed')).toBe('true');
    expect(await card.isDisabled()).toBe(false);
  });

  it('keeps the last answer whole, stores and counts, labelled, when a filter change cannot reach the backend', async () => {
    await page.goto(`${stack.baseUrl}/clients`);
    const rows = page.getByTestId('store-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const storeCount = () => page.getByTestId('store-count').textContent();
    const cards = () => page.getByRole('group', { name: 'Activity priority' }).textContent();
    const [before, cardsBefore] = [await storeCount(), await cards()];
    stack.sim.control.setFault({ kind: 'down', paths: ['/selling_channels_analytics/search'] });
    try {
      await page.getByPlaceholder('Search stores').fill('no-such-store');
      await page.getByTestId('backend-unreachable').waitFor({ timeout: 25_000 });
      await page.getByTestId('stores-stale').waitFor({ timeout: 5_000 });
      expect(await storeCount()).toBe(before);
      expect(await cards()).toBe(cardsBefore);
      expect(await rows.count()).toBeGreaterThan(0);
    } finally {
      stack.sim.control.setFault(null);
    }
    await expect.poll(storeCount, { timeout: 20_000 }).toBe('0 store displayed');
    expect(await page.getByTestId('stores-stale').count()).toBe(0);
  });
});
