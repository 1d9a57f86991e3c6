import type { Order } from '@waybill/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { problemsAtSizes } from './fits-view.js';
import { type Stack, signInContext, startStack } from './harness.js';

// Two staff in two browsers (Olivia Ops and Dan Developer): a shared view with its live count and name, an
// @mention, and one desktop notification for Dan however many tabs he has open.

let stack: Stack;
let browser: Browser;
let contextA: BrowserContext;
let contextB: BrowserContext;
let a: Page;
let b: Page;
let b2: Page;
let order: Order;

const STATUS = 'lost';
const VIEW_URL = `/realtime?status=${STATUS}&prio=all&active=all`;
const WAIT = { timeout: 30_000 };

async function query<T>(context: BrowserContext, path: string, input: unknown): Promise<T> {
  const res = await context.request.get(
    `${stack.baseUrl}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
  );
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

async function open(p: Page, path: string): Promise<void> {
  await p.goto(`${stack.baseUrl}${path}`);
  await p.getByTestId('saved-views').waitFor(WAIT);
}

/** How many desktop notifications a tab made (window.Notification is a counting stub, see below). */
const shown = (p: Page) => p.evaluate(() => (window as unknown as { __desktopShown: number }).__desktopShown);
const unread = (p: Page) =>
  p
    .getByTestId('notification-unread')
    .textContent({ timeout: 1000 })
    .catch(() => null);

beforeAll(async () => {
  // A short change poll: a change made in the backend reaches the counts within a second or two.
  stack = await startStack({ CHANGE_POLL_MS: '500' });
  browser = await launchBrowser();
  contextA = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contextB = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInContext(contextA, stack.baseUrl, 'ops@example.com');
  await signInContext(contextB, stack.baseUrl, 'dev@example.com');
  // Dan's tabs count the desktop notifications they make, with the permission already granted.
  await contextB.addInitScript(() => {
    const w = window as unknown as { __desktopShown: number; Notification: unknown };
    w.__desktopShown = 0;
    w.Notification = class {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor() {
        w.__desktopShown += 1;
      }
      close() {}
    };
  });
  const { orders } = await query<{ orders: Order[] }>(contextA, 'orders.search', {});
  const polled = orders.find((o) => o.managed_by === 'waybill' && o.aggregated_status.key !== STATUS);
  if (!polled) throw new Error('no order the change poll follows');
  order = polled;
  a = await contextA.newPage();
  b = await contextB.newPage();
  b2 = await contextB.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('team views', () => {
  it('A saves and shares a view; B sees it with its count, which follows a change live', async () => {
    await open(a, VIEW_URL);
    await a.getByTestId('saved-views').click();
    await a.getByRole('menuitem', { name: 'Save current view…' }).click();
    await a.getByLabel('View name').fill('Lost parcels');
    expect(await axeViolations(a, '[data-testid="save-view"]')).toEqual([]);
    await a.getByRole('button', { name: 'SAVE VIEW' }).click();
    await a.getByTestId('save-view').waitFor({ state: 'detached' });

    await a.getByTestId('saved-views').click();
    await a.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
    const manage = a.getByTestId('manage-views');
    await manage.getByRole('button', { name: 'Share Lost parcels with the team' }).click();
    await manage.getByRole('button', { name: 'Stop sharing Lost parcels' }).waitFor(WAIT);
    expect(await axeViolations(a, '[data-testid="manage-views"]')).toEqual([]);
    await manage.getByRole('button', { name: 'Close', exact: true }).click();

    await open(b, '/realtime');
    await b.getByTestId('saved-views').click();
    const item = b.getByRole('menuitem', { name: /Lost parcels/ });
    await item.waitFor(WAIT);
    await expect
      .poll(() => item.getByTestId('saved-view-owner').textContent(), WAIT)
      .toBe('Shared by Olivia Ops');
    const countText = () => item.getByTestId('saved-view-count').textContent();
    await expect.poll(async () => /^\d[\d,]* orders$/.test((await countText()) ?? ''), WAIT).toBe(true);
    const before = Number.parseInt(((await countText()) ?? '').replace(/\D/g, ''), 10);
    expect(await axeViolations(b, '[role="menu"]')).toEqual([]);

    // The order enters the view's filter in the backend: B's open menu counts it.
    stack.sim.control.changeOrder(order.uid, { status: STATUS });
    await expect.poll(countText, WAIT).toBe(`${(before + 1).toLocaleString()} orders`);

    // A renames it. Its key (owner and id) and its count stay the same: B's open menu still follows,
    // the menu opened again lists the new name only, and opening the view names it in the toolbar.
    await a.getByTestId('saved-views').click();
    await a.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
    await manage.getByRole('button', { name: 'Rename Lost parcels' }).click();
    await manage.getByLabel('New name for Lost parcels').fill('Team queue');
    await manage.getByRole('button', { name: 'Save name' }).click();
    await manage.getByRole('button', { name: 'Rename Team queue' }).waitFor(WAIT);
    await manage.getByRole('button', { name: 'Close', exact: true }).click();
    const renamed = b.getByRole('menuitem', { name: /^Team queue/ });
    await renamed.waitFor(WAIT);
    expect(await renamed.getByTestId('saved-view-owner').textContent()).toBe('Shared by Olivia Ops');
    await b.keyboard.press('Escape');
    await b.getByTestId('saved-views').click();
    await renamed.waitFor(WAIT);
    expect(await b.getByRole('menuitem', { name: /^Lost parcels/ }).count()).toBe(0);
    await renamed.click();
    await expect.poll(() => b.getByTestId('saved-views').textContent(), WAIT).toBe('Team queue');

    // B copies it: a view of B's own, read-write.
    await b.getByTestId('saved-views').click();
    await b.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
    const bManage = b.getByTestId('manage-views');
    await bManage.getByRole('button', { name: 'Copy Team queue to your views' }).click();
    const copy = b.getByTestId('save-view');
    await copy.getByLabel('View name').fill('My lost parcels');
    expect(await axeViolations(b, '[data-testid="save-view"]')).toEqual([]);
    await copy.getByRole('button', { name: 'SAVE VIEW' }).click();
    await bManage.getByRole('button', { name: 'Delete My lost parcels' }).waitFor(WAIT);
    expect(await bManage.getByRole('button', { name: 'Delete Team queue' }).count()).toBe(0);
    await bManage.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('A deletes the shared view only once asked; B, on it, is told and keeps its filters', async () => {
    // B's own copy goes at once: nobody else uses it.
    await b.getByTestId('saved-views').click();
    await b.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
    const bManage = b.getByTestId('manage-views');
    await bManage.getByRole('button', { name: 'Delete My lost parcels' }).click();
    await bManage.getByRole('button', { name: 'Delete My lost parcels' }).waitFor({ state: 'detached' });
    await bManage.getByRole('button', { name: 'Close', exact: true }).click();
    await b.getByTestId('saved-views').click();
    await b.getByRole('menuitem', { name: /^Team queue/ }).click();
    await expect.poll(() => b.getByTestId('saved-views').textContent(), WAIT).toBe('Team queue');
    const viewUrl = b.url();

    await a.getByTestId('saved-views').click();
    await a.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
    const manage = a.getByTestId('manage-views');
    await manage.getByRole('button', { name: 'Delete Team queue' }).click();
    const confirm = manage.getByTestId('confirm-delete-view');
    expect(await confirm.textContent()).toContain(
      'Colleagues may be using this view: delete it for the whole team?',
    );
    expect(await axeViolations(a, '[data-testid="manage-views"]')).toEqual([]);
    expect(await problemsAtSizes(a, { width: 1440, height: 900 })).toEqual([]);
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    expect(await manage.getByRole('button', { name: 'Rename Team queue' }).count()).toBe(1);
    await manage.getByRole('button', { name: 'Delete Team queue' }).click();
    await confirm.getByRole('button', { name: 'Delete for the team' }).click();
    await manage.getByRole('button', { name: 'Rename Team queue' }).waitFor({ state: 'detached' });
    await manage.getByRole('button', { name: 'Close', exact: true }).click();

    await b.getByText('Olivia Ops no longer shares the view "Team queue"').waitFor(WAIT);
    expect(await b.getByTestId('saved-views').textContent()).toBe('Saved views');
    expect(b.url()).toBe(viewUrl);
  });
});

describe('@mentions and desktop notifications', () => {
  const detail = (p: Page) => p.getByTestId('order-detail');

  async function commentBox(): Promise<ReturnType<Page['getByPlaceholder']>> {
    const box = detail(a).getByPlaceholder('Add new comment');
    if (!(await box.isVisible())) await detail(a).getByRole('button', { name: 'New comment' }).click();
    return box;
  }

  it('A types @ and picks B; B gets one notification naming A with the excerpt, on one desktop of two tabs', async () => {
    await Promise.all([open(b, '/realtime'), open(b2, '/realtime')]);
    await a.goto(`${stack.baseUrl}/realtime/order?uid=${encodeURIComponent(order.uid)}&cached=true`);
    await detail(a).getByTestId('order-detail-header').waitFor(WAIT);

    const box = await commentBox();
    await box.click();
    await box.pressSequentially('@Dan D');
    const list = a.getByRole('listbox', { name: 'Mention a colleague' });
    await list.getByRole('option', { name: 'Dan Developer' }).waitFor(WAIT);
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    expect(await axeViolations(a, 'form[aria-label="New comment"]')).toEqual([]);
    await a.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe('@Dan Developer ');
    await box.pressSequentially('please check the label before the courier comes back');
    await detail(a).getByRole('button', { name: 'Add comment' }).click();

    // Both of B's tabs list it; the first of them to hear it may be either.
    await expect.poll(() => unread(b), WAIT).toBe('1');
    await expect.poll(() => unread(b2), WAIT).toBe('1');
    const firstShown = (await shown(b)) + (await shown(b2));
    await b.getByTestId('notification-bell').click();
    const note = b.getByTestId('notification-item').first();
    const reference = order.reference?.replace(/^#/, '') ?? '';
    await expect.poll(() => note.textContent(), WAIT).toContain(`Olivia Ops mentioned you on #${reference}`);
    expect(await note.getByTestId('notification-excerpt').textContent()).toBe(
      '@Dan Developer please check the label before the courier comes back',
    );
    await b.keyboard.press('Escape');

    // The next mention by the same colleague, while the first is unread, folds into it (so it pushes
    // none of B's other notifications out), and still makes exactly one desktop notification with
    // both tabs listening.
    await (await commentBox()).fill('Thanks @Dan Developer');
    await detail(a).getByRole('button', { name: 'Add comment' }).click();
    await expect.poll(async () => (await shown(b)) + (await shown(b2)), WAIT).toBe(firstShown + 1);
    expect(await unread(b)).toBe('1');
    await b.getByTestId('notification-bell').click();
    await expect
      .poll(() => note.textContent(), WAIT)
      .toContain(`Olivia Ops mentioned you 2 times, latest on #${reference}`);
    expect(await note.getByTestId('notification-excerpt').textContent()).toBe('Thanks @Dan Developer');
  });
});
