import { orderStatusLabel } from '@waybill/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { problemsAtSizes } from './fits-view.js';
import { type Stack, signInContext, startStack } from './harness.js';

// Two staff in two browsers (the sim's demo users Olivia Ops as A, Dan Developer as B) on one queue:
// taking orders (holds), the Mine view, and who did what (History, /activity).

let stack: Stack;
let browser: Browser;
let contextA: BrowserContext;
let contextB: BrowserContext;
let a: Page;
let b: Page;
/** The list of every user's orders, as A and B open it. */
let listPath: string;
let uids: string[];

const rows = (p: Page) => p.getByTestId('order-row');
const row = (p: Page, uid: string) => p.locator(`[data-testid=order-row][data-uid="${uid}"]`);
const holder = (p: Page, uid: string, name: string) =>
  row(p, uid).getByRole('img', { name: `Held by ${name}` });

async function openList(p: Page, path = listPath): Promise<void> {
  await p.goto(`${stack.baseUrl}${path}`);
  await rows(p).first().waitFor({ timeout: 60_000 });
}

async function rowMenu(p: Page, uid: string, item: string): Promise<void> {
  await row(p, uid).getByRole('button', { name: 'Order Options' }).click();
  await p.getByRole('menuitem', { name: item, exact: true }).click();
}

async function post(context: BrowserContext, path: string, data: unknown): Promise<void> {
  const res = await context.request.post(`${stack.baseUrl}/trpc/${path}`, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
}

beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'error' });
  browser = await launchBrowser();
  contextA = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contextB = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInContext(contextA, stack.baseUrl, 'ops@example.com');
  await signInContext(contextB, stack.baseUrl, 'dev@example.com');
  a = await contextA.newPage();
  b = await contextB.newPage();
  await b.goto(`${stack.baseUrl}/realtime`);
  // B's list starts on B's own orders (none for this demo user): everyone's, for both.
  await b.getByRole('button', { name: 'Show all users' }).click({ timeout: 60_000 });
  await rows(b).first().waitFor({ timeout: 60_000 });
  listPath = new URL(b.url()).pathname + new URL(b.url()).search;
  uids = await rows(b).evaluateAll((els) =>
    els.slice(0, 5).map((el) => (el as HTMLElement).dataset.uid ?? ''),
  );
  // The two orders whose status the tests change: a status every change below may leave.
  for (const uid of uids.slice(3)) stack.sim.control.changeOrder(uid, { status: 'waiting_for_courier' });
  await openList(a);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('taking orders', () => {
  it("A takes an order from the row menu: B sees A's avatar on the row without a reload", async () => {
    const uid = uids[0]!;
    await holder(b, uid, 'Olivia Ops').waitFor({ state: 'detached' });
    await rowMenu(a, uid, 'Take');
    await holder(b, uid, 'Olivia Ops').waitFor({ timeout: 20_000 });
    await holder(a, uid, 'Olivia Ops').waitFor({ timeout: 20_000 });
  });

  it("B's Take asks first, naming A; the dialog passes axe; Cancel keeps A's hold, confirming takes it over", async () => {
    const uid = uids[0]!;
    await rowMenu(b, uid, 'Take');
    const dialog = b.getByTestId('take-over-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Olivia Ops holds this order. Take it over?');
    expect(await axeViolations(b, '[data-testid="take-over-dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'CANCEL' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await holder(b, uid, 'Olivia Ops').count()).toBe(1);

    await rowMenu(b, uid, 'Take');
    await dialog.getByRole('button', { name: 'TAKE IT OVER' }).click();
    await holder(a, uid, 'Dan Developer').waitFor({ timeout: 20_000 });
  });

  it('t on the focused row takes it; Release in the menu gives it back', async () => {
    const uid = uids[1]!;
    await row(a, uid).focus();
    await a.keyboard.press('t');
    await holder(b, uid, 'Olivia Ops').waitFor({ timeout: 20_000 });
    await rowMenu(a, uid, 'Release');
    await holder(b, uid, 'Olivia Ops').waitFor({ state: 'detached', timeout: 20_000 });
    await row(a, uid).focus();
    await a.keyboard.press('t');
    await holder(b, uid, 'Olivia Ops').waitFor({ timeout: 20_000 });
  });

  it("B's status modal on an order A holds names A in its summary, and fits and passes axe", async () => {
    const uid = uids[1]!;
    await holder(b, uid, 'Olivia Ops').waitFor({ timeout: 20_000 });
    await rowMenu(b, uid, 'Mark as Lost');
    const dialog = b.getByRole('dialog', { name: 'Mark Order as Lost' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('order-summary-hold').textContent()).toBe('Held byOlivia Ops');
    expect(await problemsAtSizes(b, { width: 1440, height: 900 })).toEqual([]);
    expect(await axeViolations(b, '[role=dialog]')).toEqual([]);
    await dialog.getByRole('button', { name: /CANCEL/ }).click();
  });

  it("B's bulk comment over an order A holds names A, and Leave them out unticks it", async () => {
    const held = uids[1]!;
    const free = uids[2]!;
    await holder(b, held, 'Olivia Ops').waitFor({ timeout: 20_000 });
    await row(b, held).getByTestId('row-tick').click();
    await row(b, free).getByTestId('row-tick').click();
    await b.getByTestId('bulk-bar').getByTestId('bulk-addComment').click();
    const dialog = b.getByRole('dialog', { name: 'Comment on 2 orders' });
    await dialog.waitFor();
    const notice = dialog.getByTestId('bulk-colleague-holds');
    expect(await notice.getByRole('paragraph').textContent()).toBe(
      '1 of these 2 orders is held by a colleague: Olivia Ops (1).',
    );
    expect(await problemsAtSizes(b, { width: 1440, height: 900 })).toEqual([]);
    expect(await axeViolations(b, '[role=dialog]')).toEqual([]);
    await notice.getByRole('button', { name: 'Leave them out' }).click();
    await b.getByRole('dialog', { name: 'Comment on 1 orders' }).waitFor();
    await notice.waitFor({ state: 'detached' });
    expect(await row(b, held).getByTestId('row-tick').isChecked()).toBe(false);
    expect(await row(b, free).getByTestId('row-tick').isChecked()).toBe(true);
    await b
      .getByRole('dialog')
      .getByRole('button', { name: /CANCEL/ })
      .click();
    await b.getByTestId('bulk-bar').getByRole('button', { name: 'Clear selection' }).click();
  });

  it('t in the open detail takes the order, its header naming the holder', async () => {
    const uid = uids[2]!;
    await row(a, uid).focus();
    await a.keyboard.press('Enter');
    const header = a.getByTestId('order-detail-header');
    await header.waitFor({ timeout: 30_000 });
    await header.getByRole('button', { name: 'Take' }).waitFor();
    await a.keyboard.press('t');
    await header.getByRole('img', { name: 'Held by Olivia Ops' }).waitFor({ timeout: 20_000 });
    await header.getByRole('button', { name: 'Release' }).waitFor();
  });

  it('the Mine view lists only the orders A holds', async () => {
    await openList(a);
    await a.getByTestId('saved-views').click();
    await a.getByTestId('view-mine').click();
    await a.waitForURL(/mine=1/);
    // A holds uids[1] and uids[2]; uids[0] went to B.
    await a.waitForFunction(
      (expected) => {
        const shown = [...document.querySelectorAll<HTMLElement>('[data-testid=order-row]')].map(
          (r) => r.dataset.uid,
        );
        return shown.length === expected.length && expected.every((uid) => shown.includes(uid));
      },
      [uids[1]!, uids[2]!],
      { timeout: 20_000 },
    );
  });

  it('the Mine view lists a held order its filter leaves out, and says when nothing is held', async () => {
    // A search that matches no order: B's list is empty, but B holds uids[0].
    await b.goto(`${stack.baseUrl}/realtime?mine=1&q=no-such-order`);
    await row(b, uids[0]!).waitFor({ timeout: 30_000 });
    expect(await rows(b).count()).toBe(1);
    expect(await b.getByTestId('list-cap-notice').count()).toBe(0);
    // Outside the list, the row is still live: a change at the backend shows within a change poll
    // or two (the gateway pushes the order's detail), not at some later re-read.
    const before = stack.sim.store.orders.get(uids[0]!)!.status;
    const next = before === 'shipping_in_transit' ? 'shipping_out_for_delivery' : 'shipping_in_transit';
    stack.sim.control.changeOrder(uids[0]!, { status: next });
    await row(b, uids[0]!).getByText(orderStatusLabel(next), { exact: true }).waitFor({ timeout: 10_000 });

    await post(contextB, 'orders.release', { uid: uids[0] });
    const empty = b.getByTestId('orders-empty-mine');
    await empty.waitFor({ timeout: 20_000 });
    expect(await empty.textContent()).toContain('You hold no orders');
    expect(await axeViolations(b, 'main')).toEqual([]);
    await post(contextB, 'orders.take', { uid: uids[0] });
    await row(b, uids[0]!).waitFor({ timeout: 20_000 });
  });
});

describe('who did what', () => {
  it("A changes a status: the order's History names A", async () => {
    const uid = uids[3]!;
    await post(contextA, 'orders.changeStatus', {
      orderUid: uid,
      status: 'shipping_in_transit',
      happenedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await b.goto(`${stack.baseUrl}/realtime/order?uid=${encodeURIComponent(uid)}&cached=true`);
    const detail = b.getByTestId('order-detail');
    await detail.getByTestId('order-detail-header').waitFor({ timeout: 30_000 });
    await detail.getByRole('tab', { name: /History/ }).click();
    const entry = detail.locator('[data-testid=history-entry][data-status=shipping_in_transit]');
    await entry.filter({ hasText: 'Olivia Ops' }).waitFor({ timeout: 20_000 });
  });

  it('/activity lists changes live, filtered by user and action, and passes axe', async () => {
    await b.goto(`${stack.baseUrl}/activity`);
    await b.getByRole('heading', { name: 'Team activity', level: 2 }).waitFor({ timeout: 30_000 });
    const entries = b.getByTestId('activity-entry');
    await entries.first().waitFor({ timeout: 20_000 });
    await b.getByLabel('User').selectOption({ label: 'Olivia Ops' });
    await b.getByLabel('Action').selectOption('status');
    await b.waitForFunction(
      () => {
        const shown = [...document.querySelectorAll<HTMLElement>('[data-testid=activity-entry]')];
        return (
          shown.length > 0 &&
          shown.every((e) => e.dataset.action === 'status' && e.textContent?.includes('Olivia Ops'))
        );
      },
      undefined,
      { timeout: 20_000 },
    );
    const before = await entries.count();
    // A comment by A is filtered out; A's status change shows up live, on top.
    await post(contextA, 'orders.comments.add', { orderUid: uids[4]!, text: 'Not a status change' });
    await post(contextA, 'orders.changeStatus', {
      orderUid: uids[4]!,
      status: 'shipping_in_transit',
      happenedAt: new Date(Date.now() - 30_000).toISOString(),
    });
    await b.waitForFunction(
      (n) => document.querySelectorAll('[data-testid=activity-entry]').length === n + 1,
      before,
      {
        timeout: 20_000,
      },
    );
    expect(await entries.first().textContent()).toMatch(
      /Olivia Ops changed the status from Waiting for Courier to In Transit/,
    );
    // The line names its order by reference, and links to it.
    const detail = await contextA.request.get(
      `${stack.baseUrl}/trpc/orders.detail?input=${encodeURIComponent(JSON.stringify({ uid: uids[4] }))}`,
    );
    const { reference } = ((await detail.json()) as { result: { data: { order: { reference: string } } } })
      .result.data.order;
    await entries
      .first()
      .getByRole('link', { name: `Open order #${reference}` })
      .waitFor();
    expect(await entries.first().textContent()).toContain(`#${reference}`);
    // Times as everywhere in the console: 24-hour, "28 Nov 2026, 21:47".
    expect(await entries.first().locator('time').textContent()).toMatch(
      /^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    expect(await axeViolations(b)).toEqual([]);
  });
});
