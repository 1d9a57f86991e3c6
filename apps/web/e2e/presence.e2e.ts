import { join } from 'node:path';
import { formatOrderReference, type Order } from '@waybill/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, axeViolationsStrict } from './axe.js';
import { launchBrowser } from './browser.js';
import { viewProblems } from './fits-view.js';
import { type Stack, signInContext, startStack } from './harness.js';
import { bellState, focusWithin, shiftTabToBell } from './header-bell.js';

// Two staff in two browsers (the sim's demo users Olivia Ops as A, Dan Developer as B).
// Presence rule: what others have open shows live and is gone within 10 s of a tab closing.

let stack: Stack;
let browser: Browser;
let contextA: BrowserContext;
let contextB: BrowserContext;
let b: Page;
let order: Order;
/** B's list with every user's orders. */
let listUrl: string;

const VANISH_BAR_MS = 10_000;
const figures: Record<string, number> = {};
const detail = (p: Page) => p.getByTestId('order-detail');
const row = (p: Page, uid: string) => p.locator(`[data-testid=order-row][data-uid="${uid}"]`);
const detailUrl = (uid: string) =>
  `${stack.baseUrl}/realtime/order?uid=${encodeURIComponent(uid)}&cached=true`;

async function query<T>(context: BrowserContext, path: string, input: unknown): Promise<T> {
  const res = await context.request.get(
    `${stack.baseUrl}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
  );
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

async function post(context: BrowserContext, path: string, data: unknown): Promise<void> {
  const res = await context.request.post(`${stack.baseUrl}/trpc/${path}`, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
}

/**
 * What is wrong with the detail header's top line: a text (the typing label, the status badge, the
 * reference) cut without an ellipsis or too narrow to read, an ellipsis without the full text in its
 * title, a badge broken over lines, and any two of its parts drawn over each other.
 */
function headerTopProblems(p: Page) {
  return detail(p)
    .getByTestId('order-detail-header')
    .evaluate((header) => {
      const problems: string[] = [];
      const top = header.firstElementChild as HTMLElement;
      const nameOf = (el: Element) =>
        el.getAttribute('data-testid') ??
        el.getAttribute('aria-label') ??
        el.textContent?.trim().slice(0, 30);
      // The presence as a whole is never narrower than what it draws: only its label may give way.
      const presence = top.querySelector<HTMLElement>('[data-testid="presence-avatars"]');
      if (presence && presence.scrollWidth > presence.clientWidth + 0.5)
        problems.push(`presence cut: ${presence.scrollWidth} px drawn in ${presence.clientWidth} px`);
      const typing = top.querySelector<HTMLElement>('[data-testid="presence-typing"]');
      if (!typing) problems.push('no typing label');
      else {
        const cut = typing.scrollWidth > typing.clientWidth + 0.5;
        const ellipsis = getComputedStyle(typing).textOverflow === 'ellipsis';
        if (cut && !ellipsis)
          problems.push(`typing label cut: ${typing.scrollWidth} px of text in ${typing.clientWidth} px`);
        // An ellipsis after a letter or two says nothing: the name must start to show.
        if (cut && typing.clientWidth < 48) problems.push(`typing label ${typing.clientWidth} px wide`);
        if (cut && typing.title !== typing.textContent?.trim())
          problems.push(`typing label cut, its title "${typing.title}"`);
      }
      for (const el of top.querySelectorAll<HTMLElement>(
        '[data-testid="detail-status"], h2, [data-testid="hold-avatar"]',
      )) {
        if (el.scrollWidth > el.clientWidth + 0.5) problems.push(`${nameOf(el)} cut`);
        // Its text's boxes (not a nested span's, which spans its lines): one starting below the
        // line before it starts a line.
        const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const boxes: DOMRect[] = [];
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          boxes.push(...[...range.getClientRects()].filter((r) => r.width > 0));
        }
        let lines = 0;
        let bottom = -Infinity;
        for (const r of boxes.sort((x, y) => x.top - y.top)) {
          if (r.top >= bottom - 1) lines += 1;
          bottom = Math.max(bottom, r.bottom);
        }
        if (lines > 1) problems.push(`${nameOf(el)} on ${lines} lines`);
      }
      // Every part drawn side by side: texts, avatars and controls, none over another.
      const parts = [
        ...top.querySelectorAll(
          'button, a, h2, [data-testid="presence-typing"], [data-testid="presence-avatars"] li, [data-testid="hold-avatar"], [data-testid="detail-status"], span[class*="marker"]',
        ),
      ]
        .filter((el) => !el.parentElement?.closest('button, a, h2'))
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0);
      parts.forEach((a, i) => {
        for (const b of parts.slice(i + 1)) {
          if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
          const overlap =
            Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left) > 0.5 &&
            Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top) > 0.5;
          if (overlap) problems.push(`${nameOf(a.el)} over ${nameOf(b.el)}`);
        }
      });
      return problems;
    });
}

async function openDetail(p: Page, uid: string): Promise<void> {
  await p.goto(detailUrl(uid));
  await detail(p).getByTestId('order-detail-header').waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  contextA = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contextB = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // B's browser: a stand-in Notification API that records what the console shows (headless
  // Chromium has no desktop to show it on); permission is 'default' until asked.
  await contextB.addInitScript(() => {
    const shown: unknown[] = [];
    class RecordedNotification {
      static permission: NotificationPermission = 'default';
      static async requestPermission(): Promise<NotificationPermission> {
        RecordedNotification.permission = 'granted';
        return 'granted';
      }
      onclick: (() => void) | null = null;
      constructor(
        readonly title: string,
        readonly options: { body?: string } = {},
      ) {
        shown.push(this);
      }
      close(): void {}
    }
    Object.assign(window, { Notification: RecordedNotification, __desktop: shown });
  });
  await signInContext(contextA, stack.baseUrl, 'ops@example.com');
  await signInContext(contextB, stack.baseUrl, 'dev@example.com');
  b = await contextB.newPage();
  await b.goto(`${stack.baseUrl}/realtime`);
  // B's list starts on B's own orders (none for this demo user): B shows everyone's.
  await b.getByRole('button', { name: 'Show all users' }).click({ timeout: 60_000 });
  // The order of B's first row: in view without scrolling.
  const first = b.getByTestId('order-row').first();
  await first.waitFor({ timeout: 60_000 });
  listUrl = b.url();
  const uid = (await first.getAttribute('data-uid'))!;
  order = (await query<{ order: Order }>(contextB, 'orders.detail', { uid })).order;
}, 240_000);

afterAll(async () => {
  console.log('presence figures (ms):', JSON.stringify(figures));
  await browser?.close();
  await stack?.close();
});

describe('presence', () => {
  it("B sees A on the row and in the detail, A typing, and A gone within 10 s of A's tab closing", async () => {
    const a = await contextA.newPage();
    await openDetail(a, order.uid);
    // The list row B is looking at gets the marker naming A.
    const marker = row(b, order.uid).getByTestId('presence-marker');
    await marker.waitFor({ timeout: 10_000 });
    expect(await marker.getAttribute('aria-label')).toBe('Open by Olivia Ops');

    await openDetail(b, order.uid);
    const avatars = detail(b).getByTestId('presence-avatars');
    await avatars.waitFor({ timeout: 10_000 });
    expect(await avatars.getByRole('listitem').allTextContents()).toEqual(['OOOlivia Ops']);

    // A starts a comment: B reads that A is typing.
    await detail(a)
      .getByRole('tab', { name: /Comments/ })
      .click();
    const box = detail(a).getByPlaceholder('Add new comment');
    if (!(await box.isVisible())) await detail(a).getByRole('button', { name: 'New comment' }).click();
    await box.fill('Calling the courier now');
    await expect
      .poll(
        () =>
          detail(b)
            .getByTestId('presence-typing')
            .textContent()
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toBe('Olivia Ops is typing…');
    // E2E_SCREENS_DIR=… keeps a picture of B's detail with A on it.
    const screens = process.env.E2E_SCREENS_DIR;
    if (screens) await b.screenshot({ path: join(screens, 'presence-detail.png') });

    const closedAt = Date.now();
    await a.close();
    await avatars.waitFor({ state: 'detached', timeout: VANISH_BAR_MS });
    figures.vanishAfterClose = Date.now() - closedAt;
    expect(figures.vanishAfterClose).toBeLessThan(VANISH_BAR_MS);
    expect(await row(b, order.uid).getByTestId('presence-marker').count()).toBe(0);
  });
});

describe('follow and notify', () => {
  it('B follows the order, A comments, B gets the notification (in the centre and on the desktop) and opens the order from it', async () => {
    await openDetail(b, order.uid);
    const follow = detail(b).getByTestId('follow-order');
    await expect.poll(() => follow.isEnabled(), { timeout: 10_000 }).toBe(true);
    await follow.click();
    await expect.poll(() => follow.textContent(), { timeout: 10_000 }).toBe('Following');

    // Back on the list, B asks for desktop notifications from the centre (an explicit click).
    await b.goto(listUrl);
    await row(b, order.uid).waitFor({ timeout: 30_000 });
    await b.getByTestId('notification-bell').click();
    const centre = b.getByTestId('notification-centre');
    await centre.getByRole('button', { name: 'Enable desktop notifications' }).click();
    await centre.getByRole('button', { name: 'Enable desktop notifications' }).waitFor({ state: 'detached' });
    await b.keyboard.press('Escape');

    const res = await contextA.request.post(`${stack.baseUrl}/trpc/orders.comments.add`, {
      data: { orderUid: order.uid, text: 'Courier will collect it this afternoon' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const unread = b.getByTestId('notification-unread');
    await expect.poll(() => unread.textContent().catch(() => null), { timeout: 10_000 }).toBe('1');

    // The desktop notification was shown; clicking it opens the order.
    const desktop = await b.evaluate(() =>
      (
        window as unknown as { __desktop: Array<{ title: string; options: { body?: string } }> }
      ).__desktop.map((n) => ({ title: n.title, body: n.options.body })),
    );
    // It names who wrote the comment and shows its first words.
    expect(desktop).toEqual([
      {
        title: `Order ${order.reference}`,
        body: 'Olivia Ops · New comment\nCourier will collect it this afternoon',
      },
    ]);
    await b.evaluate(() =>
      (window as unknown as { __desktop: Array<{ onclick: () => void }> }).__desktop[0]!.onclick(),
    );
    await detail(b).getByTestId('order-detail-header').waitFor({ timeout: 10_000 });
    expect(new URL(b.url()).searchParams.get('uid')).toBe(order.uid);

    // And from the centre: B goes back to the list and opens it from the item.
    await b.goto(listUrl);
    await row(b, order.uid).waitFor({ timeout: 30_000 });
    await b.getByTestId('notification-bell').click();
    const item = centre.getByTestId('notification-item').first();
    await item.waitFor();
    expect(await item.textContent()).toContain('New comment');
    await item
      .getByRole('button', { name: /New comment/ })
      .first()
      .click();
    await detail(b).getByTestId('order-detail-header').waitFor({ timeout: 10_000 });
    expect(new URL(b.url()).searchParams.get('uid')).toBe(order.uid);
    await expect.poll(() => unread.count(), { timeout: 10_000 }).toBe(0);
  });

  it('the centre survives a reload (kept at the gateway) and has no axe-core violations', async () => {
    // A full page load of the list.
    await b.goto(listUrl);
    await row(b, order.uid).waitFor({ timeout: 30_000 });
    await b.getByTestId('notification-bell').click();
    const centre = b.getByTestId('notification-centre');
    const item = centre.getByTestId('notification-item').first();
    await item.waitFor({ timeout: 10_000 });
    expect(await item.textContent()).toContain('New comment');
    // Read before the reload, read after it.
    expect(await item.getAttribute('data-read')).toBe('true');

    const violations = await axeViolations(
      b,
      '[data-testid="notification-centre"]',
      '[data-testid="notification-bell"]',
    );
    expect(violations).toEqual([]);
    const screens = process.env.E2E_SCREENS_DIR;
    if (screens) await b.screenshot({ path: join(screens, 'notification-centre.png') });
  });

  it("with another order's detail open, B sees the new notification on the header's bell, opens it by keyboard and lands on the notified order", async () => {
    // B reads another order, opened from the list as staff do (its row link).
    await b.setViewportSize({ width: 1280, height: 900 });
    await b.goto(listUrl);
    const other = b.getByTestId('order-row').nth(1);
    await other.waitFor({ timeout: 30_000 });
    const otherUid = (await other.getAttribute('data-uid'))!;
    expect(otherUid).not.toBe(order.uid);
    await other.getByTestId('comment-overview').getByRole('link').click();
    await detail(b).getByTestId('order-detail-header').waitFor({ timeout: 10_000 });

    const res = await contextA.request.post(`${stack.baseUrl}/trpc/orders.comments.add`, {
      data: { orderUid: order.uid, text: 'Parcel handed to the courier' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const unread = b.getByTestId('notification-unread');
    await expect.poll(() => unread.textContent().catch(() => null), { timeout: 10_000 }).toBe('1');

    // The bell is the topmost element at its centre, on screen, and not hidden from assistive
    // technology by the open detail, at the narrowest and widest supported widths.
    for (const width of [1280, 1920]) {
      await b.setViewportSize({ width, height: 900 });
      expect(await bellState(b), `${width} px`).toEqual({ onScreen: true, topmost: true, hiddenBy: null });
    }
    await b.setViewportSize({ width: 1280, height: 900 });

    // Keyboard: from inside the detail, Shift+Tab reaches the bell; Enter opens the centre.
    expect(await focusWithin(b, 'order-detail')).toBe(true);
    expect(await shiftTabToBell(b), 'Shift+Tab from the detail reaches the bell').toBe(true);
    await b.keyboard.press('Enter');
    const centre = b.getByTestId('notification-centre');
    const fresh = centre.getByTestId('notification-item').filter({ hasText: 'New comment' }).first();
    await fresh.waitFor({ timeout: 10_000 });
    expect(await fresh.getAttribute('data-read')).toBeNull();
    expect(await axeViolationsStrict(b, 'body')).toEqual([]);

    // The notified order replaces the one being read; focus goes with it, Esc still returns to its row.
    await fresh
      .getByRole('button', { name: /New comment/ })
      .first()
      .click();
    await expect.poll(() => new URL(b.url()).searchParams.get('uid'), { timeout: 10_000 }).toBe(order.uid);
    await expect
      .poll(() => detail(b).getByTestId('order-detail-header').textContent(), { timeout: 10_000 })
      .toContain(formatOrderReference(order.reference));
    await expect.poll(() => unread.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => focusWithin(b, 'order-detail')).toBe(true);
    await b.keyboard.press('Escape');
    await detail(b).waitFor({ state: 'detached', timeout: 10_000 });
    await expect
      .poll(() => b.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.uid ?? null), {
        timeout: 10_000,
      })
      .toBe(order.uid);
  });
});

describe('presence in the detail header at every width', () => {
  it('with the order held by A and A typing, B reads "Olivia Ops is typing…" whole or cut with an ellipsis, nothing drawn over it', async () => {
    const a = await contextA.newPage();
    try {
      await post(contextA, 'orders.take', { uid: order.uid });
      await openDetail(a, order.uid);
      await detail(a)
        .getByRole('tab', { name: /Comments/ })
        .click();
      const box = detail(a).getByPlaceholder('Add new comment');
      if (!(await box.isVisible())) await detail(a).getByRole('button', { name: 'New comment' }).click();
      await openDetail(b, order.uid);
      const typing = detail(b).getByTestId('presence-typing');
      await detail(b).getByRole('img', { name: 'Held by Olivia Ops' }).waitFor({ timeout: 10_000 });
      const found: string[] = [];
      for (const size of [
        { width: 820, height: 1180 },
        { width: 1024, height: 768 },
        { width: 1280, height: 900 },
        { width: 1440, height: 900 },
        { width: 1920, height: 1080 },
        { width: 390, height: 844 },
      ]) {
        const at = `${size.width} × ${size.height}`;
        await b.setViewportSize(size);
        // "Typing" lasts 5 s after a key: A presses one for every width B is checked at.
        await box.press('Space');
        await expect
          .poll(() => typing.textContent().catch(() => null), { timeout: 10_000 })
          .toBe('Olivia Ops is typing…');
        found.push(...(await headerTopProblems(b)).map((p) => `${at}: ${p}`));
        found.push(...(await viewProblems(b)).map((p) => `${at}: ${p}`));
        found.push(
          ...(await axeViolations(b, '[data-testid="order-detail-header"]')).map((v) => `${at} axe: ${v}`),
        );
        const screens = process.env.E2E_SCREENS_DIR;
        if (screens) await b.screenshot({ path: join(screens, `presence-header-${size.width}.png`) });
      }
      expect(found).toEqual([]);
    } finally {
      await a.close();
      await post(contextA, 'orders.release', { uid: order.uid }).catch(() => {});
    }
  });
});
