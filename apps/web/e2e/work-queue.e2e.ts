import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { type Stack, startStack } from './harness.js';

// Findings of the "orders console as a work queue" probe, checked in Chromium against the real stack.

let stack: Stack;
let browser: Browser;
let page: Page;

const WIDTHS = [1280, 1440, 1920] as const;

async function signIn(p: Page): Promise<void> {
  await p.goto(`${stack.baseUrl}/realtime`);
  await p.waitForURL(/\/login/);
  await p.getByLabel('E-mail').fill('ops@example.com');
  await p.getByLabel('Password').fill('waybill-demo');
  await p.getByRole('button', { name: 'CONTINUE' }).click();
  await p.waitForURL(/\/realtime/);
}

/** Every visible button, link and input of `scope` lies inside the viewport horizontally and is not clipped. */
async function expectControlsOnScreen(scope: Locator, width: number): Promise<void> {
  const boxes = await scope.locator('button:visible, a:visible, input:visible').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { name: el.getAttribute('aria-label') ?? el.textContent ?? '', left: r.left, right: r.right };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.left, `${box.name} at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${box.name} at ${width} px`).toBeLessThanOrEqual(width);
  }
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('the orders console as a work queue', () => {
  it('shows its own not-found page for an unknown address, inside the console', async () => {
    const response = await page.goto(`${stack.baseUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    const panel = page.getByRole('region', { name: 'Page not found' });
    await panel.waitFor();
    expect(await page.content()).not.toContain('"statusCode"');
    // The console's shell (header navigation) is around it.
    await page.getByRole('link', { name: 'Realtime' }).first().waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectControlsOnScreen(page.locator('body'), width);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await panel.getByRole('link', { name: 'Go to the realtime orders' }).click();
    await page.waitForURL(/\/realtime$/);
  });
});
