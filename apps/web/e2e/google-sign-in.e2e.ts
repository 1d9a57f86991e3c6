import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { viewProblems } from './fits-view.js';
import { type Stack, startStack } from './harness.js';

/** Desktops, a tablet either way up and a phone. */
const LAYOUT_SIZES = [
  [1024, 768],
  [1280, 800],
  [1440, 900],
  [1920, 1080],
  [1180, 820],
  [820, 1180],
  [390, 844],
] as const;

let stack: Stack;
let browser: Browser;
/**
 * The console on `localhost`, the sim's consent page on `127.0.0.1`: different sites, so the way
 * back from the consent page is a cross-site redirect, as from Google.
 */
let consoleUrl: string;

beforeAll(async () => {
  stack = await startStack();
  consoleUrl = stack.baseUrl.replace('127.0.0.1', 'localhost');
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('Google sign-in in Chromium', () => {
  it('signs in through the consent page and back, with no credential readable by page JavaScript', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${consoleUrl}/login?state=shop-install-state-42`);
    await page.getByRole('button', { name: /Sign in with Google/ }).click();
    await page.waitForURL(/__consent/);
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');
    // The console names its own callback, on the address it was opened on (no default port).
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${consoleUrl}/login/callback/google`);
    await page.locator('button[data-email="ops@example.com"]').click();

    await page.waitForURL(/\/realtime/);
    expect(new URL(page.url()).searchParams.get('state')).toBe('shop-install-state-42');
    await page.getByText('Welcome, Olivia Ops!').waitFor();
    // Both the session cookie and the sign-in state cookie are HttpOnly.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).toContain('mgmt_auth_token');
    expect(names).not.toContain('waybill_signin_state');
    await context.close();
  });

  it("installs from the shop: the app address opens the platform's install page, and coming back opens the console with the login state, through sign-in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const callback = `${consoleUrl}/shopify/callback`;
    await page.goto(
      `${consoleUrl}/shopify/authorize?shop=demo-shop.myshopify.com&redirect_uri=${encodeURIComponent(callback)}`,
    );
    await page.waitForURL(/__shopify\/install/);
    await page.getByRole('button', { name: 'Install app' }).click();
    // Signed out: sign-in first, keeping the state the backend made of the platform's answer.
    await page.waitForURL(/\/login\?state=ls_/);
    const state = new URL(page.url()).searchParams.get('state');
    await page.getByLabel('E-mail').fill('ops@example.com');
    await page.getByLabel('Password').fill('waybill-demo');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.waitForURL(/\/realtime\?state=/);
    expect(new URL(page.url()).searchParams.get('state')).toBe(state);

    // Signed in now: the callback goes straight to the console. A refused answer says so plainly.
    await page.goto(`${consoleUrl}/shopify/callback?shop=demo-shop.myshopify.com&code=abc`);
    await page.waitForURL(/\/realtime\?state=ls_/);
    await page.goto(`${consoleUrl}/shopify/callback?shop=demo-shop.myshopify.com`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'The store could not be connected. Start the installation again from your shop.',
    );
    expect(await axeViolations(page, 'body')).toEqual([]);
    // The refusal fits every width the console is used at, from a phone to a wide desktop.
    for (const [width, height] of LAYOUT_SIZES) {
      await page.setViewportSize({ width, height });
      expect(await viewProblems(page), `${width} x ${height}`).toEqual([]);
    }
    await context.close();
  });

  it("says in plain words, without Google's error code, that a sign-in was cancelled or not completed", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const alert = page.getByRole('alert');
    await page.goto(`${consoleUrl}/login/callback/google?error=access_denied&state=x`);
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Google sign-in was cancelled. Please sign in again.');
    await page.goto(`${consoleUrl}/login/callback/google?error=temporarily_unavailable&state=x`);
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Google sign-in was not completed. Please sign in again.');
    await context.close();
  });

  it("refuses a callback link made from someone else's sign-in, in plain words", async () => {
    // The attacker's flow, followed by hand: a real code for the attacker's account.
    const link = await fetch(`${stack.baseUrl}/trpc/auth.googleAuthorizationLink`);
    const { authorization_url } = ((await link.json()) as { result: { data: { authorization_url: string } } })
      .result.data;
    const approve = new URL(authorization_url);
    approve.pathname = '/__consent/approve';
    const attacker = stack.sim.store.users.find((u) => u.email === 'dev@example.com');
    approve.searchParams.set('user', attacker?.uid ?? '');
    const approved = await fetch(approve, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location') ?? '');

    // The victim opens the attacker's callback link.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${consoleUrl}/login/callback/google${back.search}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'This sign-in link is no longer valid in this browser. Please sign in again.',
    );
    expect((await context.cookies()).map((c) => c.name)).not.toContain('mgmt_auth_token');
    await context.close();
  });
});
