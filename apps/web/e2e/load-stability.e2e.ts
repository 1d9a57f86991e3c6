import { BACKEND_ROUTES } from '@waybill/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Stack } from './harness.js';
import { framesDrawn } from './page-waits.js';
import { useSignedInBrowser } from './signed-in-browser.js';

// Nothing on a list screen jumps while it loads: counts, cards and status buttons that arrive after
// the first paint take the room they had reserved. The bar is the "good" cumulative layout shift of
// the web's Core Web Vitals (below 0.1), at a desktop window and at Lighthouse's phone size.

let stack: Stack;
let context: BrowserContext;
useSignedInBrowser({}, (made) => {
  ({ stack, context } = made);
});
afterEach(() => stack.sim.control.setFault(null));

const ORDER_STATISTICS = Object.values(BACKEND_ROUTES)
  .map((route) => route.path)
  .filter(
    (path) => path.startsWith('/orders/search/') && path !== BACKEND_ROUTES['orders.search.filter'].path,
  );

/** Each screen, the backend calls slowed so its counts come well after its first paint, and its rows. */
const SCREENS = [
  // The live list sends rows before statistics: with slow statistics the rows stand alone first.
  { path: '/realtime', slow: ORDER_STATISTICS, rows: '[data-uid]' },
  // One answer holds rows and counts: the screen paints its loading state first.
  { path: '/inbounds', slow: [BACKEND_ROUTES['inbounds.search'].path], rows: '[data-testid="inbound-row"]' },
  { path: '/clients', slow: [BACKEND_ROUTES['analytics.search'].path], rows: '[data-testid="store-row"]' },
] as const;

const SIZES = [
  { name: 'a desktop window', width: 1350, height: 940 },
  { name: 'a phone', width: 412, height: 823 },
] as const;

/** Loaded and drawn: rows listed, and no group of counts (cards, status buttons) still waiting for them. */
async function loaded(page: Page, rows: string): Promise<void> {
  await page.waitForFunction(
    (selector) =>
      document.querySelectorAll(selector).length > 3 &&
      document.querySelector('fieldset[aria-busy="true"]') === null,
    rows,
    { timeout: 30_000 },
  );
  await framesDrawn(page);
}

/** A page that adds up every layout shift not caused by input, from its first paint. */
async function shiftRecordingPage(width: number, height: number): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return page;
}

describe('a list screen while it loads', () => {
  for (const size of SIZES)
    for (const screen of SCREENS)
      it(`${screen.path} on ${size.name} shifts less than 0.1 from first paint to its counts`, async () => {
        stack.sim.control.setFault({ kind: 'slow', delayMs: 1_500, paths: [...screen.slow] });
        const page = await shiftRecordingPage(size.width, size.height);
        try {
          await page.goto(`${stack.baseUrl}${screen.path}`);
          await loaded(page, screen.rows);
          const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
          expect(shift, `layout shift on ${screen.path} at ${size.width} px`).toBeLessThan(0.1);
        } finally {
          // Its live list closes with it, so the next page's list reads its statistics afresh.
          await page.close();
        }
      });
});

/** Where each control above the list stands: its name (digits left out: counts come later) and its top. */
function controlTops(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const tops: Record<string, number> = {};
    for (const el of document.querySelectorAll('main button, main input')) {
      if (el.closest('table')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = `${el.tagName} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/[\d,]/g, '').trim()}`;
      let key = name;
      for (let i = 2; key in tops; i += 1) key = `${name} #${i}`;
      tops[key] = Math.round(box.top + window.scrollY);
    }
    return tops;
  });
}

/**
 * Every priority pressed: the same rows as the default, under a filter no other check here asks for,
 * so the gateway has no lingering live list for it and the slowed backend call is really waited for.
 */
const COLD_FILTER: Record<string, string> = {
  '/inbounds': '?prio=0,1,2,3,4,5,6',
  '/clients': '?prio=0,1,2,3,4',
};

describe('the filters and toolbar on a phone', () => {
  for (const screen of SCREENS.filter((s) => s.path !== '/realtime'))
    it(`${screen.path}: no control above the list moves up or down when the counts come`, async () => {
      stack.sim.control.setFault({ kind: 'slow', delayMs: 1_500, paths: [...screen.slow] });
      const page = await context.newPage();
      await page.setViewportSize({ width: 412, height: 823 });
      try {
        await page.goto(`${stack.baseUrl}${screen.path}${COLD_FILTER[screen.path]}`);
        await page.locator('main fieldset[aria-busy="true"]').first().waitFor({ timeout: 30_000 });
        const loading = await controlTops(page);
        await loaded(page, screen.rows);
        const after = await controlTops(page);
        const both = Object.keys(loading).filter((name) => name in after);
        expect(both.length, `controls found on ${screen.path}`).toBeGreaterThan(8);
        const moved = both
          .filter((name) => Math.abs((loading[name] ?? 0) - (after[name] ?? 0)) > 1)
          .map((name) => `${name}: ${loading[name]} -> ${after[name]}`);
        expect(moved, `controls that moved on ${screen.path}`).toEqual([]);
      } finally {
        await page.close();
      }
    });
});
