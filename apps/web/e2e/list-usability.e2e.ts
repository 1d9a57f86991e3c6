import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { type Stack, startStack } from './harness.js';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const res = await context.request.post(`${stack.baseUrl}/trpc/auth.passwordLogin`, {
    data: { email: 'ops@example.com', password: 'waybill-demo' },
  });
  expect(res.ok()).toBe(true);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** Scrolls to the page bottom until infinite scroll has nothing more to load (the height holds still). */
async function scrollToListEnd() {
  let height = -1;
  for (let still = 0; still < 3; ) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(600);
    const next = await page.evaluate(() => document.documentElement.scrollHeight);
    still = next === height ? still + 1 : 0;
    height = next;
  }
  // At the very bottom of the page.
  expect(
    await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    ),
  ).toBe(true);
}

describe('list usability in the browser', () => {
  for (const [path, rowId] of [
    ['/inbounds', 'inbound-row'],
    ['/clients', 'store-row'],
  ] as const) {
    it(`keeps Back to Top at the bottom of ${path} and it goes back up`, async () => {
      await page.goto(`${stack.baseUrl}${path}`);
      await expect.poll(() => page.getByTestId(rowId).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await scrollToListEnd();
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
      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
      await expect.poll(() => button.count()).toBe(0);
    });
  }
});
