import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

let stack: Stack;
let page: Page;
useSignedInBrowser({ context: { viewport: { width: 820, height: 1180 } } }, (made) => {
  ({ stack, page } = made);
});

/** Records, in the page, when React's DOM code is first evaluated (it reads its devtools hook then). */
function recordBoot() {
  const seen = { reactAt: -1 };
  Object.assign(window, { __boot: seen });
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    configurable: true,
    get() {
      if (seen.reactAt < 0) seen.reactAt = performance.now();
      return undefined;
    },
  });
}

it("paints the boot header before the console's code is evaluated", async () => {
  const tab = await page.context().newPage();
  await tab.addInitScript(recordBoot);
  // As on a slow network where the styles come last: every script the page asked for is in before
  // the styles are answered, so nothing but the page's own order keeps the code from running first.
  let scriptsPending = 0;
  let scriptsIn: () => void = () => undefined;
  const scriptsDone = new Promise<void>((resolve) => {
    scriptsIn = resolve;
  });
  tab.on('request', (r) => {
    if (r.resourceType() === 'script') scriptsPending += 1;
  });
  tab.on('requestfinished', (r) => {
    if (r.resourceType() !== 'script') return;
    scriptsPending -= 1;
    if (scriptsPending === 0) scriptsIn();
  });
  await tab.route(/\/assets\/[^/]+\.css$/, async (route) => {
    await scriptsDone;
    await route.continue();
  });
  await tab.goto(`${stack.baseUrl}/realtime`);
  await tab.getByTestId('order-row').first().waitFor();
  const seen = await tab.evaluate(() => ({
    reactAt: (window as unknown as { __boot: { reactAt: number } }).__boot.reactAt,
    // When the frame was painted on the page's thread (startTime is when it was shown, a little later).
    paintedAt:
      (performance.getEntriesByName('first-contentful-paint')[0] as PerformanceEntry & { paintTime?: number })
        ?.paintTime ?? -1,
  }));
  expect(seen.reactAt).toBeGreaterThan(0);
  expect(seen.paintedAt).toBeGreaterThan(0);
  console.log(`first contentful paint ${seen.paintedAt} ms, console evaluated from ${seen.reactAt} ms`);
  expect(seen.paintedAt).toBeLessThan(seen.reactAt);
  await tab.close();
});

it("says so when the console's code cannot be fetched", async () => {
  const tab = await page.context().newPage();
  const errors: string[] = [];
  tab.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await tab.route(/\/assets\/console-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await tab.goto(`${stack.baseUrl}/realtime`);
  await expect
    .poll(() => tab.getByRole('alert').textContent())
    .toBe('The console could not load. Check the connection, then reload the page.');
  expect(await axeViolations(tab)).toEqual([]);
  // The boot header stays, and the failure is in the browser console for whoever investigates.
  expect(await tab.locator('.boot-header').count()).toBe(1);
  expect(errors.some((text) => /console-[^/]+\.js/.test(text))).toBe(true);
  await tab.close();
});
