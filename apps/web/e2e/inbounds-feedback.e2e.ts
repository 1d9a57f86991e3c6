import { join } from 'node:path';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

let stack: Stack;
let browser: Browser;
let page: Page;

/** Lists refresh every second here, so someone else's change reaches an open screen quickly. */
const LIST_REFRESH_MS = 1000;

useSignedInBrowser(
  {
    env: { LIST_REFRESH_MS: String(LIST_REFRESH_MS), LOG_LEVEL: 'error' },
    context: { viewport: { width: 1280, height: 900 } },
  },
  (made) => {
    ({ stack, browser, page } = made);
  },
);

const rowOf = (uid: string) => page.locator(`[data-testid="inbound-row"][data-uid="${uid}"]`);
const pillStatus = (uid: string) => rowOf(uid).getByTestId('status-pill').getAttribute('data-status');

/** Open inbounds on screen that an operator can still move (not cancelled, processing or completed). */
async function movableInbounds(): Promise<{ uid: string; name: string; status: string }[]> {
  await page.goto(`${stack.baseUrl}/inbounds`);
  const rows = page.getByTestId('inbound-row');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(3);
  const uids = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-uid') ?? ''));
  return uids
    .map((uid) => stack.sim.store.inbounds.get(uid))
    .filter((i) => i !== undefined && ['draft', 'in_transit', 'arrived'].includes(i.status))
    .map((i) => ({ uid: i!.uid, name: i!.name, status: i!.status }));
}

async function rowAction(name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Types today's date into the open date modal (focus starts on Day). */
async function typeToday(dialog: Locator) {
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  await expect
    .poll(() => dialog.getByLabel('Day').evaluate((el) => el === document.activeElement))
    .toBe(true);
  await page.keyboard.type(`${pad(today.getDate())}${pad(today.getMonth() + 1)}${today.getFullYear()}`);
}

/** Holds the status-change call until `release()`: what the screen shows meanwhile is the optimistic state. */
async function holdStatusChanges() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matcher = (url: URL) => url.pathname.includes('inbounds.changeStatus');
  const handler = async (route: Route) => {
    await gate;
    await route.continue();
  };
  await page.route(matcher, handler);
  return {
    release,
    done: () => page.unroute(matcher, handler),
  };
}

/** Someone else, straight to the backend: the row changes under the open screen. */
async function changeAsSomeoneElse(uid: string, status: 'cancelled' | 'arrived' | 'processing') {
  const response = await fetch(`${stack.sim.url}/inventory_receipts/change_status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dev-service-token' },
    body: JSON.stringify({ status, inventory_receipt_uid: uid, happened_at: new Date().toISOString() }),
  });
  expect(response.status).toBe(200);
}

describe('inbound modals and feedback', () => {
  it('shows the new status at once, confirms it, and puts the old one back when the change fails', async () => {
    const [target, other] = await movableInbounds();
    expect(target && other).toBeTruthy();

    // Processing, with the backend's answer held back: the row already says Processing.
    const held = await holdStatusChanges();
    await rowAction(target!.name, 'Mark as Processing');
    const dialog = page.getByRole('dialog', { name: 'Mark as Processing' });
    await typeToday(dialog);
    await page.keyboard.press('Enter');
    await expect.poll(() => pillStatus(target!.uid), { timeout: 10_000 }).toBe('processing');
    expect(await dialog.isVisible()).toBe(true);
    expect(stack.sim.store.inbounds.get(target!.uid)?.status).toBe(target!.status);
    held.release();
    await page
      .getByText(`Inbound ${target!.name} marked as Processing`, { exact: true })
      .waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => stack.sim.store.inbounds.get(target!.uid)?.status).toBe('processing');
    await held.done();

    // Delete while the backend is down: Cancelled shows at once, then the old status comes back,
    // and the modal says so in the console's words.
    const failing = await holdStatusChanges();
    await rowAction(other!.name, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete Inbound' });
    await confirm.getByRole('button', { name: 'DELETE' }).click();
    await expect.poll(() => pillStatus(other!.uid), { timeout: 10_000 }).toBe('cancelled');
    stack.sim.control.setFault('down');
    failing.release();
    try {
      await confirm.getByRole('alert').waitFor({ timeout: 20_000 });
      expect(await confirm.getByRole('alert').textContent()).toBe(
        'The inbound could not be deleted. Please try again.',
      );
      await expect.poll(() => pillStatus(other!.uid), { timeout: 10_000 }).toBe(other!.status);
    } finally {
      stack.sim.control.setFault(null);
      await failing.done();
    }
    // Once the backend is back, DELETE works and is confirmed.
    await confirm.getByRole('button', { name: 'DELETE' }).click();
    await page.getByText(`Inbound ${other!.name} deleted`, { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => stack.sim.store.inbounds.get(other!.uid)?.status).toBe('cancelled');
  });

  it('keeps an open modal and the typed date when someone else cancels the inbound, until reviewed', async () => {
    const [target] = await movableInbounds();
    await rowAction(target!.name, 'Mark as Arrived');
    const dialog = page.getByRole('dialog', { name: 'Mark as Arrived' });
    await typeToday(dialog);
    const save = dialog.getByRole('button', { name: 'SAVE CHANGES' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    const typed = await dialog.getByLabel('Day').inputValue();

    await changeAsSomeoneElse(target!.uid, 'cancelled');
    const notice = dialog.getByTestId('inbound-changed');
    await notice.waitFor({ timeout: 30_000 });
    const label = { draft: 'Draft', in_transit: 'In Transit', arrived: 'Arrived' }[target!.status];
    expect(await notice.locator('p').textContent()).toBe(
      `This inbound was changed by someone else: status ${label} → Cancelled`,
    );
    // Still the same modal, the date kept, save off (Enter too).
    expect(await dialog.getByLabel('Day').inputValue()).toBe(typed);
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Year').focus();
    await page.keyboard.press('Enter');
    expect(await dialog.isVisible()).toBe(true);

    // E2E_SCREENS_DIR=… keeps a picture of the kept modal.
    const screens = process.env.E2E_SCREENS_DIR;
    if (screens) await page.screenshot({ path: join(screens, 'inbound-modal-changed-1280.png') });

    await notice.getByRole('button', { name: 'Review' }).click();
    await notice.waitFor({ state: 'detached' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    expect(await dialog.getByLabel('Day').inputValue()).toBe(typed);
    await dialog.getByRole('button', { name: 'CANCEL CHANGES' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('sign-in from a deep link', () => {
  async function signInThroughForm(from: string): Promise<URL> {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const tab = await fresh.newPage();
      await tab.goto(`${stack.baseUrl}${from}`);
      await tab.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
      await tab.getByLabel('E-mail').fill('ops@example.com');
      await tab.getByLabel('Password').fill('waybill-demo');
      await tab.getByRole('button', { name: 'CONTINUE' }).click();
      await tab.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
      return new URL(tab.url());
    } finally {
      await fresh.close();
    }
  }

  it('returns to the inbounds, clients or order page asked for', async () => {
    const inbounds = await signInThroughForm('/inbounds?q=RCP');
    expect(`${inbounds.pathname}${inbounds.search}`).toBe('/inbounds?q=RCP');
    const clients = await signInThroughForm('/clients?attention=1');
    expect(`${clients.pathname}${clients.search}`).toBe('/clients?attention=1');
    const order = [...stack.sim.store.orders.keys()][0]!;
    const detail = await signInThroughForm(`/realtime/order?uid=${order}`);
    expect(detail.pathname).toBe('/realtime/order');
    expect(detail.searchParams.get('uid')).toBe(order);
  });

  it('returns to the page asked for after Google sign-in too', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const tab = await fresh.newPage();
      await tab.goto(`${stack.baseUrl}/clients?attention=1`);
      await tab.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
      await tab.getByRole('button', { name: /Sign in with Google/ }).click();
      await tab.waitForURL(/__consent/, { timeout: 30_000 });
      await tab.locator('button[data-email="ops@example.com"]').click();
      await tab.waitForURL((url) => url.pathname === '/clients', { timeout: 30_000 });
      expect(new URL(tab.url()).searchParams.get('attention')).toBe('1');
    } finally {
      await fresh.close();
    }
  });

  it('never leaves the console: other origins and odd paths land on the first screen', async () => {
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const landed = await signInThroughForm(`/login?next=${encodeURIComponent(next)}`);
      expect(landed.origin, next).toBe(stack.baseUrl);
      expect(landed.pathname, next).toBe('/realtime');
    }
  });
});

describe('accessibility at 1280 px (axe-core)', () => {
  it('has no violation on /inbounds, the inbound detail and every inbound modal', async () => {
    const [target] = await movableInbounds();
    expect(await axeViolations(page, 'main')).toEqual([]);

    for (const action of ['Mark as Arrived', 'Mark as Processing', 'Delete', 'Export']) {
      await rowAction(target!.name, action);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await axeViolations(page, '[role="dialog"]'), action).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }

    await rowOf(target!.uid).getByRole('link').click();
    await page.getByTestId('inbound-detail').waitFor({ timeout: 30_000 });
    expect(await axeViolations(page, '[data-testid="inbound-detail"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/inbounds');

    // A modal saying someone else changed the inbound.
    await rowAction(target!.name, 'Mark as Arrived');
    const dialog = page.getByRole('dialog', { name: 'Mark as Arrived' });
    await typeToday(dialog);
    await changeAsSomeoneElse(target!.uid, 'processing');
    await dialog.getByTestId('inbound-changed').waitFor({ timeout: 30_000 });
    expect(await axeViolations(page, '[role="dialog"]'), 'changed notice').toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('has no violation on /clients, with store health badges and courier marks', async () => {
    await page.goto(`${stack.baseUrl}/clients`);
    await expect.poll(() => page.getByTestId('store-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('attention-card').textContent(), { timeout: 30_000 })
      .toMatch(/\d$/);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});
