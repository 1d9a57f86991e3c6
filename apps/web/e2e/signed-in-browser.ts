import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { type Stack, signInContext, startStack } from './harness.js';

export interface SignedInBrowser {
  stack: Stack;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

export interface SignedInOptions {
  /** Gateway environment for this file's stack. */
  env?: Record<string, string>;
  /** The sim's data set sizes (`startStack`'s second argument). */
  data?: Parameters<typeof startStack>[1];
  /** The browser context's options: viewport, downloads. */
  context?: BrowserContextOptions;
  /** Permissions granted to the console's origin (e.g. the clipboard). */
  permissions?: string[];
}

/**
 * A browser test file's usual setup: the real stack, Chromium, a context signed in as the demo user
 * and its first page, made before the file's tests and closed after them. `ready` hands them over.
 */
export function useSignedInBrowser(opts: SignedInOptions, ready: (made: SignedInBrowser) => void): void {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await startStack(opts.env, opts.data);
    browser = await launchBrowser();
    const context = await browser.newContext(opts.context);
    if (opts.permissions) await context.grantPermissions(opts.permissions, { origin: stack.baseUrl });
    await signInContext(context, stack.baseUrl);
    ready({ stack, browser, context, page: await context.newPage() });
  });
  afterAll(async () => {
    // A fault a test left on would fail the gateway's last calls while it closes.
    stack?.sim.control.setFault(null);
    await browser?.close();
    await stack?.close();
  });
}
