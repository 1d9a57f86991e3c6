import { formatOrderReference, ordersFilterSchema } from '@waybill/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { type Stack, signInContext, startStack } from './harness.js';

// Two staff in two browsers (the sim's demo users Olivia Ops as A, Dan Developer as B): presence
// "typing" tells the truth, the open order's keyboard, and Ctrl+K commands on the current order.

let stack: Stack;
let browser: Browser;
let contextA: BrowserContext;
let contextB: BrowserContext;
let a: Page;
let b: Page;
/** The list of every user's orders, as A and B open it. */
let listPath: string;

const figures: Record<string, number> = {};
const detail = (p: Page) => p.getByTestId('order-detail');
const rows = (p: Page) => p.getByTestId('order-row');
const row = (p: Page, uid: string) => p.locator(`[data-testid=order-row][data-uid="${uid}"]`);
const detailPath = (uid: string) => `/realtime/order?uid=${encodeURIComponent(uid)}&cached=true`;
const uidInUrl = (p: Page) => new URL(p.url()).searchParams.get('uid');
const simOrder = (uid: string) => stack.sim.store.orders.get(uid)!;
/** What has the focus: the comment text box, an order row (its uid) or something else. */
const focusIs = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (el?.tagName === 'TEXTAREA') return 'editor';
    if (el?.dataset.testid === 'order-row') return `row:${el.dataset.uid}`;
    return 'elsewhere';
  });
/** Moves the focus out of any field, to the page (the shortcuts' starting point). */
const blur = (p: Page) => p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
const pad = (n: number) => String(n).padStart(2, '0');

async function openDetail(p: Page, uid: string): Promise<void> {
  await p.goto(`${stack.baseUrl}${detailPath(uid)}`);
  await detail(p).getByTestId('order-detail-header').waitFor({ timeout: 30_000 });
}

async function openList(p: Page): Promise<void> {
  await p.goto(`${stack.baseUrl}${listPath}`);
  await rows(p).first().waitFor({ timeout: 60_000 });
}

/** The uids of the list's first rendered rows, in list order. */
const listedUids = (p: Page) =>
  rows(p).evaluateAll((els) => els.slice(0, 20).map((el) => (el as HTMLElement).dataset.uid ?? ''));

/** Records in B's page whether a "typing" line ever shows, from now on. */
const watchForTyping = (p: Page) =>
  p.evaluate(() => {
    const w = window as unknown as { __sawTyping: boolean };
    w.__sawTyping = document.querySelector('[data-testid="presence-typing"]') !== null;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="presence-typing"]')) w.__sawTyping = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
const sawTyping = (p: Page) => p.evaluate(() => (window as unknown as { __sawTyping: boolean }).__sawTyping);

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
}, 240_000);

afterAll(async () => {
  console.log('team-keys figures (ms):', JSON.stringify(figures));
  await browser?.close();
  await stack?.close();
});

describe('presence "typing" is a key pressed in the last 5 s', () => {
  it('B sees A typing while A presses keys, and no longer within about 5 s of A stopping, the text kept', async () => {
    await openList(b);
    const [uid] = await listedUids(b);
    await openDetail(a, uid!);
    await openDetail(b, uid!);
    await detail(b).getByTestId('presence-avatars').waitFor({ timeout: 10_000 });

    await blur(a);
    await a.keyboard.press('c');
    await expect.poll(() => focusIs(a)).toBe('editor');
    await a.keyboard.type('Calling the courier now');
    const typing = detail(b).getByTestId('presence-typing');
    await typing.waitFor({ timeout: 10_000 });
    expect(await typing.textContent()).toBe('Olivia Ops is typing…');

    // A stops with the text still in the box: "typing" goes, A stays on the order.
    const stoppedAt = Date.now();
    await typing.waitFor({ state: 'detached', timeout: 15_000 });
    figures.typingClearsAfterStop = Date.now() - stoppedAt;
    expect(await detail(b).getByTestId('presence-avatars').count()).toBe(1);
    expect(await detail(a).getByPlaceholder('Add new comment').inputValue()).toBe('Calling the courier now');

    // A key again: typing again.
    await a.keyboard.type('.');
    await typing.waitFor({ timeout: 10_000 });
    await detail(a).getByRole('button', { name: 'Cancel' }).click();
    await typing.waitFor({ state: 'detached', timeout: 10_000 });
  });
});

describe('the open order’s keyboard', () => {
  it('Enter on an order without comments leaves the focus out of the editor: j opens the next one, and nobody sees typing', async () => {
    await openList(a);
    const uids = await listedUids(a);
    const at = uids.findIndex((uid, i) => i + 1 < uids.length && simOrder(uid).comments.length === 0);
    expect(at, 'a listed order without comments, with another after it').toBeGreaterThanOrEqual(0);
    const [quiet, next] = [uids[at]!, uids[at + 1]!];

    await openDetail(b, quiet);
    await watchForTyping(b);

    await row(a, quiet).focus();
    await a.keyboard.press('Enter');
    await detail(a).getByTestId('order-detail-header').waitFor({ timeout: 30_000 });
    // The editor is open for an order without comments, but the focus is not in it.
    await detail(a).getByPlaceholder('Add new comment').waitFor();
    expect(await focusIs(a)).not.toBe('editor');
    await detail(b).getByTestId('presence-avatars').waitFor({ timeout: 10_000 });

    await a.keyboard.press('j');
    await expect.poll(() => uidInUrl(a), { timeout: 10_000 }).toBe(next);
    await detail(a).getByTestId('order-detail-header').waitFor();
    // A is gone from the quiet order (so its presence went through), and never typed on it.
    await detail(b).getByTestId('presence-avatars').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await sawTyping(b)).toBe(false);
    expect(simOrder(quiet).comments.length).toBe(0);
  });

  it('j/k step through the list, s opens the status menu, e escalates, c comments, Esc returns to the row', async () => {
    await openList(a);
    const uids = await listedUids(a);
    const [first, second] = [uids[0]!, uids[1]!];
    await row(a, first).focus();
    await a.keyboard.press('Enter');
    await detail(a).getByTestId('order-detail-header').waitFor({ timeout: 30_000 });
    expect(await focusIs(a)).not.toBe('editor');

    await a.keyboard.press('j');
    await expect.poll(() => uidInUrl(a), { timeout: 10_000 }).toBe(second);
    await a.keyboard.press('k');
    await expect.poll(() => uidInUrl(a), { timeout: 10_000 }).toBe(first);
    // Quick presses, the next order still loading: each goes one order further.
    await a.keyboard.press('j');
    await a.keyboard.press('j');
    await expect.poll(() => uidInUrl(a), { timeout: 10_000 }).toBe(uids[2]);
    await a.keyboard.press('k');
    await a.keyboard.press('k');
    await expect.poll(() => uidInUrl(a), { timeout: 10_000 }).toBe(first);
    // The address changes before the screen does: the next keys go to the order once it shows.
    await expect
      .poll(() => detail(a).getByTestId('order-detail-header').textContent(), { timeout: 10_000 })
      .toContain(formatOrderReference(simOrder(first).reference));

    await a.keyboard.press('s');
    const menu = a.getByRole('menu', { name: 'Order Options' });
    await menu.waitFor({ timeout: 10_000 });
    expect(await menu.getByRole('menuitem').first().textContent()).toContain('Add comment');
    // Keys belong to the open menu: j does not leave the order.
    await a.keyboard.press('j');
    expect(uidInUrl(a)).toBe(first);
    await a.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await detail(a).count()).toBe(1);
    // Esc gives the focus back to the menu's button, a moment after the menu goes: wait for it, or
    // it lands after the next key and takes the focus from the editor that key opened.
    await expect
      .poll(() => a.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: 10_000 })
      .toBe('Order Options');

    await blur(a);
    await a.keyboard.press('e');
    await expect.poll(() => focusIs(a)).toBe('editor');
    expect(await detail(a).getByRole('button', { name: 'Escalate' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await detail(a).getByRole('group', { name: 'Team' }).count()).toBe(1);
    // Typing in the editor: the letters are text, not shortcuts.
    await a.keyboard.type('jk');
    expect(uidInUrl(a)).toBe(first);
    expect(await detail(a).getByPlaceholder('Add new comment').inputValue()).toBe('jk');
    await detail(a).getByPlaceholder('Add new comment').fill('');

    await blur(a);
    await a.keyboard.press('c');
    await expect.poll(() => focusIs(a)).toBe('editor');
    expect(await detail(a).getByPlaceholder('Add new comment').inputValue()).toBe('');

    await blur(a);
    await a.keyboard.press('Escape');
    await detail(a).waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => focusIs(a), { timeout: 10_000 }).toBe(`row:${first}`);
  });
});

describe('Ctrl+K on the current order', () => {
  it('offers the order’s commands, Mark as Delivered among them, and runs it through its date modal', async () => {
    const order = [...stack.sim.store.orders.values()].find(
      (o) => o.status === 'shipping_in_transit' && o.managed_by === 'waybill' && o.reference,
    )!;
    expect(order, 'the sim has an order in transit').toBeDefined();
    await openDetail(a, order.uid);
    await blur(a);
    await a.keyboard.press('Control+k');
    const palette = a.getByTestId('command-palette');
    await palette.waitFor();
    const mark = palette.getByRole('option', { name: /Mark as Delivered/ });
    await mark.waitFor({ timeout: 20_000 });
    expect(await mark.textContent()).toContain(formatOrderReference(order.reference));
    const labels = await palette
      .getByRole('group', { name: 'Commands' })
      .getByRole('option')
      .allTextContents();
    expect(labels.some((l) => l.startsWith('Follow this order'))).toBe(true);
    expect(labels.some((l) => l.startsWith('Escalate to a team'))).toBe(true);
    expect(await axeViolations(a, '[data-testid="command-palette"]')).toEqual([]);

    await mark.click();
    await palette.waitFor({ state: 'detached' });
    const modal = a.getByTestId('palette-status-modal');
    await modal.waitFor({ timeout: 10_000 });
    const today = new Date();
    await modal.getByLabel('Day').fill(pad(today.getDate()));
    await modal.getByLabel('Month').fill(pad(today.getMonth() + 1));
    await modal.getByLabel('Year').fill(String(today.getFullYear()));
    await modal.getByRole('button', { name: 'SAVE CHANGES' }).click();
    await modal.waitFor({ state: 'detached', timeout: 20_000 });
    await a
      .getByText(`Order ${formatOrderReference(order.reference)} marked as Delivered`)
      .first()
      .waitFor();
    // Sent once the undo window has passed.
    await expect
      .poll(() => simOrder(order.uid).status, { timeout: 60_000, interval: 500 })
      .toBe('shipping_delivered');
  });

  it('ranks the order whose reference is the query first, then reference prefixes, then the rest', async () => {
    const everyStatus = (reference: string) =>
      ordersFilterSchema.parse({ reference, displayPriorities: [0, 1, 2, 3, 4, 5], activeOrders: 'all' });
    const search = async (reference: string) => {
      const input = { filter: everyStatus(reference), window: { skip: 0, limit: 50 } };
      const res = await contextA.request.get(
        `${stack.baseUrl}/trpc/orders.search?input=${encodeURIComponent(JSON.stringify(input))}`,
      );
      return (
        (await res.json()) as { result: { data: { orders: { uid: string }[] } } }
      ).result.data.orders.map((o) => o.uid);
    };
    const setReference = (uid: string, reference: string) => {
      const o = simOrder(uid);
      o.reference = reference;
      o.search = reference.toLowerCase();
      stack.sim.store.reindex(o);
    };
    // Three orders, given references in the order the backend lists them: the one containing the
    // query first, the exact one last.
    const picked = [...stack.sim.store.orders.values()].filter((o) => o.reference).slice(0, 3);
    for (const [i, o] of picked.entries()) setReference(o.uid, `QKEYSTEMP${i}`);
    const listed = await search('QKEYSTEMP');
    expect(listed).toHaveLength(3);
    setReference(listed[0]!, 'XKEYS7000');
    setReference(listed[1]!, 'KEYS70001');
    setReference(listed[2]!, 'KEYS7000');
    expect(await search('KEYS7000')).toEqual(listed);

    await openList(a);
    await blur(a);
    await a.keyboard.press('Control+k');
    const palette = a.getByTestId('command-palette');
    await palette.getByRole('combobox').fill('KEYS7000');
    const found = palette.getByRole('group', { name: 'Orders' }).getByRole('option');
    await expect.poll(() => found.count(), { timeout: 20_000 }).toBe(3);
    const labels = (await found.allTextContents()).map((t) => t.match(/#X?KEYS7000\d?/)?.[0]);
    expect(labels).toEqual(['#KEYS7000', '#KEYS70001', '#XKEYS7000']);
    await a.keyboard.press('Escape');
  });
});
