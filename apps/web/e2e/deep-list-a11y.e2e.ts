import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolationsStrict } from './axe.js';
import { commentMetaLines, cutControls } from './cut-controls.js';
import type { Stack } from './harness.js';
import { scrollTableTo } from './page-waits.js';
import { useSignedInBrowser } from './signed-in-browser.js';

// The orders and clients lists scrolled to their end: rows far below the first screen meet the same
// accessibility and layout bar as the top ones (the other checks look at the top of the list only).

/** A short list to scroll through: every row is loaded and checked. */
const LOADED_ROWS = 60;

let stack: Stack;
let page: Page;

useSignedInBrowser(
  {
    env: { LOG_LEVEL: 'error', LIST_MAX_LOADED_ROWS: String(LOADED_ROWS) },
    context: { viewport: { width: 1280, height: 900 } },
  },
  (made) => {
    ({ stack, page } = made);
  },
);

const rows = () => page.getByTestId('order-row');

/** Scrolls the window to `y` and waits for the virtual table to render the rows there. */
async function scrollTo(y: number): Promise<void> {
  await scrollTableTo(page, y, 'table[aria-label="Orders"]');
  await page.locator('table[aria-busy="false"]').waitFor({ timeout: 20_000 });
}

describe('the orders list scrolled to its end', () => {
  for (const width of [1280, 1440, 1920]) {
    it(`has no axe violation (strict) and no cut control at any scroll step down to row ${LOADED_ROWS} at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.baseUrl}/realtime?active=all`);
      await expect.poll(() => rows().count(), { timeout: 30_000 }).toBeGreaterThan(10);
      await page.getByTestId('status-bar').waitFor({ timeout: 20_000 });
      await page.mouse.move(0, 0);

      const found: string[] = [];
      let longTracking = 0;
      let lastRowIndex = 0;
      let steps = 0;
      let metaLines = 0;
      for (let y = 0; ; y += 600) {
        await scrollTo(y);
        steps += 1;
        const at = await page.evaluate(() => window.scrollY);
        for (const v of await axeViolationsStrict(page, 'body')) found.push(`y=${at}: ${v}`);
        const geometry = await cutControls(rows());
        found.push(...geometry.problems.map((p) => `y=${at}: ${p}`));
        longTracking += geometry.longTracking;
        lastRowIndex = Math.max(lastRowIndex, geometry.lastRowIndex);
        const meta = await commentMetaLines(rows());
        found.push(...meta.problems.map((p) => `y=${at}: comment meta ${p}`));
        metaLines += meta.lines;
        const bottom = await page.evaluate(
          () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
        );
        if (bottom && (await page.getByText(/Orders? Displayed/).count()) > 0) break;
        expect(steps, 'steps to the end of the list').toBeLessThan(40);
      }

      // The walk reached the last loaded row, among them rows with long tracking numbers.
      expect(lastRowIndex - 1, 'rows reached').toBe(LOADED_ROWS);
      expect(longTracking, 'rows with a 12-digit tracking number and a track link').toBeGreaterThan(0);
      expect(metaLines, 'rows with comments').toBeGreaterThan(0);
      expect(found, `at ${width} px`).toEqual([]);
    });
  }
});

describe('a tracking number cut in a narrow courier column', () => {
  it('ends in an ellipsis beside its whole track link, and shows in full on keyboard focus', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${stack.baseUrl}/realtime?active=all`);
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBeGreaterThan(10);
    const copy = page.locator('button[aria-label^="Copy tracking number"]');
    // Down the list to the first row whose number is cut (its text wider than its room).
    let index = -1;
    for (let y = 0; index < 0 && y < 6_000; y += 600) {
      await scrollTo(y);
      index = await copy.evaluateAll((buttons) =>
        buttons.findIndex((b) => {
          const text = b.firstElementChild as HTMLElement | null;
          const box = b.getBoundingClientRect();
          const onScreen = box.top > 120 && box.bottom < window.innerHeight;
          return onScreen && text !== null && text.scrollWidth > text.clientWidth;
        }),
      );
    }
    expect(index, 'a cut tracking number at 1280 px').toBeGreaterThanOrEqual(0);
    const button = copy.nth(index);
    const number = (await button.getAttribute('aria-label'))!.replace('Copy tracking number ', '');
    expect(await button.evaluate((b) => getComputedStyle(b.firstElementChild!).textOverflow)).toBe(
      'ellipsis',
    );
    // The track link beside it lies whole inside the line that holds both.
    const linkInLine = await page.locator(`a[aria-label="Track parcel ${number}"]`).evaluate((a) => {
      const link = a.getBoundingClientRect();
      const line = a.parentElement!.getBoundingClientRect();
      return link.width >= 24 && link.left >= line.left && link.right <= line.right + 0.5;
    });
    expect(linkInLine, 'the track link whole, 24 px wide').toBe(true);

    // Reached with Tab from the control before it; its tooltip shows the whole number.
    const uid = await button.evaluate((b) => b.closest('tr')!.dataset.uid);
    const row = page.locator(`tr[data-uid="${uid}"]`);
    const before = await row.evaluate((tr, label) => {
      const focusable = [...tr.querySelectorAll<HTMLElement>('button, a, input, [tabindex="0"]')];
      const at = focusable.findIndex((el) => el.getAttribute('aria-label') === label);
      focusable[at - 1]!.focus();
      return at;
    }, `Copy tracking number ${number}`);
    expect(before).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    await expect
      .poll(() => page.getByRole('tooltip').textContent(), { timeout: 5_000 })
      .toBe(`Copy ${number}`);
    await page.keyboard.press('Escape');
  });
});

describe('the clients list scrolled to its end', () => {
  for (const width of [1280, 1920]) {
    it(`has no axe violation (strict) at any scroll step at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.baseUrl}/clients`);
      const stores = page.getByTestId('store-row');
      await expect.poll(() => stores.count(), { timeout: 30_000 }).toBeGreaterThan(10);
      await page.mouse.move(0, 0);
      const found: string[] = [];
      for (let y = 0, steps = 0; ; y += 600, steps += 1) {
        await scrollTableTo(page, y);
        const at = await page.evaluate(() => window.scrollY);
        for (const v of await axeViolationsStrict(page, 'body')) found.push(`y=${at}: ${v}`);
        const bottom = await page.evaluate(
          () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
        );
        if (bottom) break;
        expect(steps, 'steps to the end of the list').toBeLessThan(40);
      }
      expect(found, `at ${width} px`).toEqual([]);
    });
  }
});
