import { BACKEND_ROUTES } from '@waybill/contracts';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Stack, signInContext } from './harness.js';
import { movePointerAway, scrollToListEnd } from './page-waits.js';
import { useSignedInBrowser } from './signed-in-browser.js';

let stack: Stack;
let browser: Browser;
let page: Page;

useSignedInBrowser(
  { env: { LOG_LEVEL: 'error' }, context: { viewport: { width: 1280, height: 720 } } },
  (made) => {
    ({ stack, browser, page } = made);
  },
);

describe('list usability in the browser', () => {
  for (const [path, rowId] of [
    ['/inbounds', 'inbound-row'],
    ['/clients', 'store-row'],
  ] as const) {
    it(`keeps Back to Top at the bottom of ${path} and it goes back up`, async () => {
      await page.goto(`${stack.baseUrl}${path}`);
      await expect.poll(() => page.getByTestId(rowId).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await scrollToListEnd(page);
      const button = page.getByRole('button', { name: 'Back to Top' });
      await expect.poll(() => button.isVisible(), { timeout: 5_000 }).toBe(true);
      const box = (await button.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(720);
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
      // It covers none of the footer's text.
      const covered = await page
        .getByTestId('list-footer')
        .locator('span')
        .evaluateAll(
          (spans, b) =>
            spans.some((s) => {
              const r = s.getBoundingClientRect();
              return r.right > b.x && r.left < b.x + b.width && r.bottom > b.y && r.top < b.y + b.height;
            }),
          box,
        );
      expect(covered).toBe(false);
      // Nor any control of the rows: at the list's end there is room below them for it.
      const coveredControls = await page.getByTestId(rowId).evaluateAll(
        (rows, b) =>
          rows.flatMap((row) =>
            [...row.querySelectorAll('a, button, input')].flatMap((el) => {
              const r = el.getBoundingClientRect();
              const over =
                r.width > 0 &&
                r.right > b.x &&
                r.left < b.x + b.width &&
                r.bottom > b.y &&
                r.top < b.y + b.height;
              return over ? [`${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent}`] : [];
            }),
          ),
        box,
      );
      expect(coveredControls).toEqual([]);
      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
      await expect.poll(() => button.count()).toBe(0);
    });
  }

  it('shows store names in full where the column allows, and a cut name on hover and keyboard focus', async () => {
    const names = () =>
      page.getByTestId('store-name').evaluateAll((els) =>
        els.map((e) => ({
          text: e.textContent ?? '',
          cut: e.scrollWidth > e.clientWidth,
          width: e.clientWidth,
        })),
      );
    // The sim's own names fit whole at every width, and nothing in a row spills out of its cell.
    let defaultNames: string[] = [];
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.baseUrl}/clients`);
      await expect.poll(() => page.getByTestId('store-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const shown = await names();
      defaultNames = shown.map((n) => n.text);
      const spilled = await page.getByTestId('store-row').evaluateAll((rows) =>
        rows.flatMap((row) =>
          [...row.querySelectorAll('td')].flatMap((td) => {
            const cell = td.getBoundingClientRect();
            return [...td.querySelectorAll('*')]
              .filter((el) => {
                const box = el.getBoundingClientRect();
                return box.width > 0 && (box.right > cell.right + 0.5 || box.left < cell.left - 0.5);
              })
              .map((el) => `${el.tagName}.${el.className}`);
          }),
        ),
      );
      expect(spilled, `at ${width} px`).toEqual([]);
      expect(
        shown.filter((n) => n.cut).map((n) => n.text),
        `at ${width} px`,
      ).toEqual([]);
    }

    // Two very long names, one opening the store's app and one plain.
    // Among the stores the default view lists (its status and source-app filters).
    const listed = new Set(defaultNames);
    const isListed = (s: { name: string }) => listed.has(s.name.replace(/^www\./i, ''));
    const linked = stack.sim.store.stores.find((s) => isListed(s) && s.appLink !== null)!;
    const plain = stack.sim.store.stores.find((s) => isListed(s) && s.appLink === null)!;
    linked.name = `zzlong-${'linked-store-with-a-very-long-name-'.repeat(3)}.myshopify.example`;
    plain.name = `zzlong-${'plain-store-with-a-very-long-name-'.repeat(3)}.myshopify.example`;
    const widths: Record<number, number> = {};
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.baseUrl}/clients?q=zzlong`);
      await expect.poll(() => page.getByTestId('store-row').count(), { timeout: 20_000 }).toBe(2);
      const shown = await names();
      widths[width] = Math.min(...shown.map((n) => n.width));
      for (const store of [linked, plain]) {
        const name = page.getByTestId('store-name').filter({ hasText: store.name });
        expect(
          await name.evaluate((e) => e.scrollWidth > e.clientWidth),
          `${store.name} cut at ${width}`,
        ).toBe(true);
        // Hover: the tooltip holds the whole name.
        await name.hover();
        const tooltip = page.getByTestId('store-name-tooltip');
        await expect.poll(() => tooltip.textContent(), { timeout: 5_000 }).toBe(store.name);
        expect(await name.getAttribute('aria-describedby')).toBeTruthy();
        await movePointerAway(page);
        await tooltip.waitFor({ state: 'detached' });
        // Keyboard: tabbing onto the name shows it too.
        await page
          .getByPlaceholder(/search/i)
          .first()
          .focus();
        for (let i = 0; i < 40 && !(await name.evaluate((e) => e === document.activeElement)); i++)
          await page.keyboard.press('Tab');
        expect(await name.evaluate((e) => e === document.activeElement)).toBe(true);
        await expect.poll(() => tooltip.textContent(), { timeout: 5_000 }).toBe(store.name);
        await page.keyboard.press('Escape');
        await tooltip.waitFor({ state: 'detached' });
      }
      // No badge of the row is clipped by the cut name.
      const badges = await page
        .getByTestId('store-row')
        .locator('[data-testid="size-badge"], [data-testid="plan-badge"]')
        .evaluateAll((els) =>
          els.every(
            (e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= window.innerWidth,
          ),
        );
      expect(badges).toBe(true);
    }
    // The column's free width goes to the name (no fixed cap): wider windows show more of it.
    expect(widths[1280]).toBeGreaterThan(300);
    expect(widths[1920]).toBeGreaterThan(widths[1280]!);
  });

  const UNREACHABLE = 'Cannot reach the Waybill backend — retrying';

  for (const [path, rowId, route] of [
    ['/inbounds', 'inbound-row', 'inbounds.search'],
    ['/clients', 'store-row', 'analytics.search'],
  ] as const) {
    it(`says the backend cannot be reached on a first load of ${path}, and loads once it is back`, async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const banner = page.getByTestId('backend-unreachable');
      stack.sim.control.setFault({ kind: 'down', paths: [BACKEND_ROUTES[route].path] });
      try {
        // A filter no earlier test asked for: nothing of it is cached.
        await page.goto(`${stack.baseUrl}${path}?q=e`);
        await banner.waitFor({ timeout: 25_000 });
        expect(await banner.getAttribute('role')).toBe('status');
        expect(await banner.textContent()).toBe(UNREACHABLE);
        expect(await page.getByTestId(rowId).count()).toBe(0);
      } finally {
        stack.sim.control.setFault(null);
      }
      // The next retry (every 5 s) reads the list.
      await banner.waitFor({ state: 'detached', timeout: 15_000 });
      await expect.poll(() => page.getByTestId(rowId).count(), { timeout: 5_000 }).toBeGreaterThan(0);
    });
  }

  it('keeps the rows shown when a new search cannot reach the backend', async () => {
    await page.goto(`${stack.baseUrl}/inbounds`);
    const rows = page.getByTestId('inbound-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const first = await rows.first().getAttribute('data-uid');
    const banner = page.getByTestId('backend-unreachable');
    stack.sim.control.setFault({ kind: 'down', paths: [BACKEND_ROUTES['inbounds.search'].path] });
    try {
      await page.getByPlaceholder('Search').fill('RCP');
      await banner.waitFor({ timeout: 25_000 });
      expect(await banner.textContent()).toBe(UNREACHABLE);
      // The earlier rows stay, without an endless loading spinner over them.
      expect(await rows.first().getAttribute('data-uid')).toBe(first);
      expect(await page.getByRole('status', { name: 'Loading inbounds' }).count()).toBe(0);
      expect(await page.getByText('Loading inbounds').count()).toBe(0);
    } finally {
      stack.sim.control.setFault(null);
    }
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByPlaceholder('Search').fill('');
  });

  it('tells a user filtered on themself why the list is empty and offers all users', async () => {
    const devContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await signInContext(devContext, stack.baseUrl, 'dev@example.com');
      const dev = await devContext.newPage();
      await dev.goto(`${stack.baseUrl}/inbounds`);
      const empty = dev.getByTestId('inbounds-empty');
      await empty.waitFor({ timeout: 20_000 });
      expect(await empty.getByRole('heading').textContent()).toBe('No inbounds assigned to you');
      expect(await empty.textContent()).toContain('assigned to Dan Developer');
      expect(await empty.textContent()).not.toContain('your search');
      await empty.getByRole('button', { name: 'Show all users' }).click();
      await expect.poll(() => dev.getByTestId('inbound-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await dev.getByTestId('filter-users').textContent()).toContain('All Users');
    } finally {
      await devContext.close();
    }
  });
});
