import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { type Stack, signInContext, startStack } from './harness.js';

// Screenshots of every screen at 1024 px, on a tablet held upright and on a phone, for the docs.
// Not a test: run it with `pnpm exec vitest run -c e2e/screenshots.config.ts` from apps/web.

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');

const SIZES = [
  { name: '1024', width: 1024, height: 768, mobile: false },
  { name: 'ipad-portrait', width: 820, height: 1180, mobile: false },
  { name: 'phone', width: 390, height: 844, mobile: true },
] as const;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'error' });
});
afterAll(() => stack?.close());

/** Each screen as it stands once its list (and detail, where one opens) has loaded. */
const SCREENS: { name: string; open: (p: Page) => Promise<void> }[] = [
  {
    name: 'realtime',
    open: async (p) => {
      await p.goto(`${stack.baseUrl}/realtime`);
      await p.getByTestId('order-row').first().waitFor({ timeout: 30_000 });
      await p.locator('table[aria-busy="false"]').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'order-detail',
    open: async (p) => {
      await p.getByTestId('order-row').first().getByTestId('comment-overview').getByRole('link').click();
      await p.getByTestId('order-detail').getByTestId('order-detail-header').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'inbounds',
    open: async (p) => {
      await p.goto(`${stack.baseUrl}/inbounds`);
      await p.getByTestId('inbound-row').first().waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'inbound-detail',
    open: async (p) => {
      await p.getByTestId('inbound-row').first().getByRole('link').first().click();
      await p.getByTestId('inbound-detail').getByTestId('inbound-header').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'clients',
    open: async (p) => {
      await p.goto(`${stack.baseUrl}/clients`);
      await p.getByTestId('store-count').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'me',
    open: async (p) => {
      await p.goto(`${stack.baseUrl}/me`);
      await p.getByRole('heading', { name: 'Olivia Ops' }).waitFor({ timeout: 20_000 });
    },
  },
];

it('takes the screenshots', { timeout: 600_000 }, async () => {
  mkdirSync(OUT, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const size of SIZES) {
      const viewport = { width: size.width, height: size.height };
      const signedOut = await browser.newPage({ viewport, isMobile: size.mobile, hasTouch: size.mobile });
      await signedOut.goto(`${stack.baseUrl}/login`);
      await signedOut.getByLabel('E-mail').waitFor({ timeout: 20_000 });
      await signedOut.screenshot({ path: join(OUT, `login-${size.name}.png`) });
      await signedOut.close();

      const context = await browser.newContext({ viewport, isMobile: size.mobile, hasTouch: size.mobile });
      await signInContext(context, stack.baseUrl);
      const page = await context.newPage();
      for (const screen of SCREENS) {
        await screen.open(page);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: join(OUT, `${screen.name}-${size.name}.png`) });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
