import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webInitialJs } from '../../gateway/bench/web-size.js';
import { launchBrowser } from './browser.js';
import { type Stack, signInContext, startStack } from './harness.js';

/**
 * A signed-in screen loads without anything in DevTools' console or Issues panel: no error or
 * warning logged, no uncaught exception, no failed request, no CSP violation or other browser issue.
 * Lighthouse's best-practices score counts each of them (errors-in-console, inspector-issues).
 */
let stack: Stack;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInContext(context, stack.baseUrl);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** Everything DevTools would show for one page load, as readable lines. */
async function recordLoad(path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  const page = await context.newPage();
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => seen.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) seen.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  const cdp: CDPSession = await context.newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) =>
    seen.push(`issue ${issue.code}: ${JSON.stringify(issue.details)}`),
  );
  await cdp.send('Audits.enable');
  await page.goto(`${stack.baseUrl}${path}`);
  await ready(page);
  // Late requests (images, the live list's first answer) have their say too.
  await page.waitForLoadState('networkidle');
  await page.close();
  return seen;
}

describe('signed-in screens load with a clean DevTools console', () => {
  it('/realtime', async () => {
    const seen = await recordLoad('/realtime', (p) => p.getByTestId('order-row').first().waitFor());
    expect(seen).toEqual([]);
  });

  it('/inbounds', async () => {
    const seen = await recordLoad('/inbounds', (p) => p.getByTestId('inbound-row').first().waitFor());
    expect(seen).toEqual([]);
  });

  it('/clients', async () => {
    const seen = await recordLoad('/clients', (p) => p.getByTestId('store-row').first().waitFor());
    expect(seen).toEqual([]);
  });
});

// The console's performance bar: the JavaScript index.html loads up front (entry + modulepreloads)
// stays within 250 KB gzip. startStack has just built dist from the current sources.
describe('initial JavaScript', () => {
  it('entry + modulepreloads stay within 250 KB gzip', async () => {
    const kb = await webInitialJs();
    expect(kb).not.toBeNull();
    expect(kb).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(250);
  });
});
