import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assignedUserFilterDefault,
  BACKEND_ROUTES,
  ORDERS_INFINITE_SCROLL_PX,
  type Order,
  type OrdersFilter,
  PAGE_SIZE,
  type User,
} from '@waybill/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeOrdersFilter, defaultOrdersFilter } from '../src/features/realtime/lib/url-codec.js';
import { commentMetaLines, cutControls } from './cut-controls.js';
import { type Stack, signInContext } from './harness.js';
import { framesDrawn, movePointerAway, scrollToListEnd } from './page-waits.js';
import { useSignedInBrowser } from './signed-in-browser.js';

// Working the orders list as a queue: open, step, close and come back to the same place.

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

// Backend calls may take longer than the live timeout without failing (the slow-load check).
useSignedInBrowser(
  {
    env: { LOG_LEVEL: 'error', BACKEND_TIMEOUT_MS: '40000' },
    context: { viewport: { width: 1440, height: 900 } },
  },
  (made) => {
    ({ stack, browser, context, page } = made);
  },
);

const rows = () => page.getByTestId('order-row');
const detail = () => page.getByTestId('order-detail');
const detailReference = () => detail().getByRole('heading').first().textContent();

/** A tRPC query as the console sends it (plain JSON, the session cookie of the context). */
async function query<T>(path: string, input?: unknown): Promise<T> {
  const url = `${stack.baseUrl}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const res = await context.request.get(url);
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

/** The filter the list at the page's URL shows, decoded as the console decodes it. */
async function filterOfPage(): Promise<OrdersFilter> {
  const me = await query<{ user: User }>('users.me');
  const defaults = defaultOrdersFilter(assignedUserFilterDefault(me.user));
  return decodeOrdersFilter(new URL(page.url()).searchParams, defaults);
}

/** The first `count` orders of a filter, in list order, as orders.search reads them. */
async function listed(filter: OrdersFilter, count: number): Promise<Order[]> {
  const orders: Order[] = [];
  for (let skip = 0; skip < count; skip += PAGE_SIZE) {
    const answer = await query<{ orders: Order[] }>('orders.search', {
      filter,
      window: { skip, limit: PAGE_SIZE },
    });
    orders.push(...answer.orders);
    if (answer.orders.length < PAGE_SIZE) break;
  }
  return orders;
}

/**
 * Rows the table holds (aria-rowcount counts the header row too), once infinite scroll is done: no
 * load under way, and the list has ended or its end is farther below the view than a load's trigger.
 */
async function loadedRowCount(): Promise<number> {
  await page.waitForFunction(
    (triggerPx) => {
      const table = document.querySelector('table[aria-label="Orders"]');
      const below = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      const ended = document.querySelector('[data-testid="list-footer"]') !== null;
      return table?.getAttribute('aria-busy') === 'false' && (ended || below >= triggerPx);
    },
    ORDERS_INFINITE_SCROLL_PX,
    { timeout: 20_000, polling: 'raf' },
  );
  const table = page.getByRole('table', { name: 'Orders' });
  return Number(await table.getAttribute('aria-rowcount')) - 1;
}

/** Opens the detail of `uid` inside the running console (no reload), as a link in the list does. */
async function openInApp(uid: string): Promise<void> {
  await page.evaluate((u) => {
    window.history.pushState(null, '', `/realtime/order?uid=${encodeURIComponent(u)}&cached=true`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, uid);
  await detail().waitFor({ timeout: 15_000 });
}

describe('the orders queue: navigation', () => {
  it('closing the detail (Close or Esc) returns to the same list: URL, scroll position and row focus', async () => {
    await page.setViewportSize({ width: 1440, height: 700 });
    await page.goto(`${stack.baseUrl}/realtime?prio=all&active=all`);
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const inTransit = page.getByRole('button', { name: /In Transit$/ });
    await inTransit.click();
    await page.waitForURL(/status=/);
    // The pressed button and the table's busy state come from one render: once the button shows
    // pressed, a table that is not busy lists In Transit orders, not the rows from before the click.
    await expect.poll(() => inTransit.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await page.locator('table[aria-busy="false"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(8);
    const listUrl = page.url();

    // Scrolled down as far as the list allows, up to 300 px: the page is not at its top.
    const target = await page.evaluate(() =>
      Math.min(300, document.documentElement.scrollHeight - window.innerHeight),
    );
    expect(target).toBeGreaterThan(100);
    for (const how of ['Escape', 'Close'] as const) {
      await page.evaluate((y) => window.scrollTo(0, y), target);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(target);
      // By uid: which rows the virtual table renders changes as it scrolls.
      const uid = (await rows().nth(6).getAttribute('data-uid'))!;
      const row = page.locator(`tr[data-uid="${uid}"]`);
      await row.getByTestId('comment-overview').getByRole('link').click();
      await detail().waitFor({ timeout: 15_000 });
      expect(page.url()).toContain('/realtime/order?');
      if (how === 'Escape') await page.keyboard.press('Escape');
      else await detail().getByRole('button', { name: 'Close', exact: true }).click();
      await detail().waitFor({ state: 'detached', timeout: 10_000 });
      await expect.poll(() => page.url(), { timeout: 5_000 }).toBe(listUrl);
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(target);
      await expect
        .poll(
          () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.uid ?? null),
          {
            timeout: 5_000,
          },
        )
        .toBe(uid);
      expect(await page.getByRole('button', { name: /In Transit$/ }).getAttribute('aria-pressed')).toBe(
        'true',
      );
    }
  });

  it('steps through the neighbouring orders with comments of a filtered list, also from an order opened through Add comment', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const filter = await filterOfPage();
    expect(filter.statuses.length).toBeGreaterThan(0);
    const count = await loadedRowCount();
    const orders = (await listed(filter, count)).slice(0, count);
    const commented = orders.filter((o) => o.comments.count_ > 0);
    expect(commented.length, 'orders with comments in the In Transit list').toBeGreaterThan(1);

    // From the first order with comments, Next walks to the following one and Previous comes back.
    const first = commented[0]!;
    await rows().first().waitFor();
    await openInApp(first.uid);
    await expect.poll(detailReference, { timeout: 10_000 }).toContain(first.reference!);
    const previous = detail().getByRole('button', { name: 'Previous order with comments' });
    const next = detail().getByRole('button', { name: 'Next order with comments' });
    expect(await previous.isDisabled()).toBe(true);
    await next.click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('uid'), { timeout: 10_000 })
      .toBe(commented[1]!.uid);
    await expect.poll(detailReference, { timeout: 10_000 }).toContain(commented[1]!.reference!);
    await previous.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('uid'), { timeout: 10_000 }).toBe(first.uid);
    await page.keyboard.press('Escape');
    await detail().waitFor({ state: 'detached', timeout: 10_000 });

    // An order without comments, opened through 'Add comment': its neighbours with comments around it.
    const plainIndex = orders.findIndex(
      (o, i) => o.comments.count_ === 0 && orders.slice(0, i).some((p) => p.comments.count_ > 0),
    );
    expect(plainIndex, 'an order without comments after one with comments').toBeGreaterThanOrEqual(0);
    const plain = orders[plainIndex]!;
    const before = orders
      .slice(0, plainIndex)
      .filter((o) => o.comments.count_ > 0)
      .at(-1)!;
    const row = page.locator(`tr[data-uid="${plain.uid}"]`);
    await row.scrollIntoViewIfNeeded();
    await row.getByRole('link', { name: /^Add comment/ }).click();
    await detail().waitFor({ timeout: 15_000 });
    await expect.poll(() => previous.isDisabled(), { timeout: 10_000 }).toBe(false);
    await previous.click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('uid'), { timeout: 10_000 })
      .toBe(before.uid);
    await page.keyboard.press('Escape');
    await detail().waitFor({ state: 'detached', timeout: 10_000 });
  });

  it("steps past the loaded rows: Next reads the list's next page", async () => {
    // Every priority and status: more orders than one load of the list.
    await page.goto(`${stack.baseUrl}/realtime?prio=all&active=all`);
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const count = await loadedRowCount();
    const filter = await filterOfPage();
    const orders = await listed(filter, count + 10 * PAGE_SIZE);
    expect(orders.length, 'more orders than loaded').toBeGreaterThan(count);
    const lastLoaded = orders
      .slice(0, count)
      .filter((o) => o.comments.count_ > 0)
      .at(-1);
    const beyond = orders.slice(count).find((o) => o.comments.count_ > 0);
    expect(lastLoaded && beyond, 'orders with comments on both sides of the loaded end').toBeTruthy();

    await openInApp(lastLoaded!.uid);
    const next = detail().getByRole('button', { name: 'Next order with comments' });
    await expect.poll(() => next.isDisabled(), { timeout: 15_000 }).toBe(false);
    await next.click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('uid'), { timeout: 10_000 })
      .toBe(beyond!.uid);
    await expect.poll(detailReference, { timeout: 10_000 }).toContain(beyond!.reference!);
    // And back again.
    await detail().getByRole('button', { name: 'Previous order with comments' }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('uid'), { timeout: 10_000 })
      .toBe(lastLoaded!.uid);
    await page.keyboard.press('Escape');
    await detail().waitFor({ state: 'detached', timeout: 10_000 });
    // Closed onto the row of the order shown last, far down the list: scrolled to and focused.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.uid ?? null), {
        timeout: 5_000,
      })
      .toBe(lastLoaded!.uid);
    const box = await page.locator(`tr[data-uid="${lastLoaded!.uid}"]`).boundingBox();
    expect(box!.y).toBeGreaterThan(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  });

  it('shows Back to Top once the header starts more than 40 px above the view, and not while the footer shows', async () => {
    await page.goto(`${stack.baseUrl}/realtime?prio=all`);
    await page.getByRole('button', { name: /In Transit$/ }).click();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const button = page.getByRole('button', { name: 'Back to Top' });
    const headerStart = await page
      .getByTestId('table-top')
      .evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
    // 30 px past the header's start: not yet.
    await page.evaluate((y) => window.scrollTo(0, y + 30), headerStart);
    await framesDrawn(page);
    expect(await button.count()).toBe(0);
    // 100 px past it: shown, though the sticky header itself is still in view.
    await page.evaluate((y) => window.scrollTo(0, y + 100), headerStart);
    await expect.poll(() => button.count(), { timeout: 5_000 }).toBe(1);
    // Back to 30 px: hidden again (the rule at 30 px, seen to act rather than assumed not to have).
    await page.evaluate((y) => window.scrollTo(0, y + 30), headerStart);
    await expect.poll(() => button.count(), { timeout: 5_000 }).toBe(0);
    await page.evaluate((y) => window.scrollTo(0, y + 100), headerStart);
    await expect.poll(() => button.count(), { timeout: 5_000 }).toBe(1);
    expect(
      await page
        .getByRole('table', { name: 'Orders' })
        .locator('thead')
        .evaluate((e) => e.getBoundingClientRect().top),
    ).toBeGreaterThanOrEqual(0);
    // At the list's end the footer is in view: hidden.
    await scrollToListEnd(page, '[data-testid="list-footer"]');
    await expect.poll(() => button.count(), { timeout: 5_000 }).toBe(0);
    // Scrolled up so the footer leaves the view: back, and it goes to the top.
    await page.evaluate(() => window.scrollBy(0, -window.innerHeight * 1.5));
    await expect.poll(() => button.count(), { timeout: 5_000 }).toBe(1);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
  });

  it('tells the dev and finance users why their first screen is empty and offers all users', async () => {
    for (const [email, name] of [
      ['dev@example.com', 'Dan Developer'],
      ['finance@example.com', 'Fiona Finance'],
    ] as const) {
      const own = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        await signInContext(own, stack.baseUrl, email);
        const p = await own.newPage();
        await p.goto(`${stack.baseUrl}/realtime`);
        const empty = p.getByTestId('orders-empty-default');
        await empty.waitFor({ timeout: 20_000 });
        expect(await empty.getByRole('heading').textContent()).toBe('No orders assigned to you');
        expect(await empty.textContent()).toContain(`assigned to ${name}`);
        await empty.getByRole('button', { name: 'Show all users' }).click();
        await expect.poll(() => p.getByTestId('order-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
        expect(new URL(p.url()).searchParams.get('user')).toBe('all');
      } finally {
        await own.close();
      }
    }
  });

  it('says where a searched order is when the current filters hide it, and lists it in one click', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // A delivered order: the default filter (active statuses) does not list it.
    const delivered = await query<{ orders: Order[] }>('orders.search', {
      filter: {
        statuses: ['shipping_delivered'],
        displayPriorities: [],
        activeOrders: 'all',
      },
      window: { skip: 0, limit: 1 },
    });
    const order = delivered.orders[0]!;
    expect(order.reference).toBeTruthy();
    await page.goto(`${stack.baseUrl}/realtime?q=${encodeURIComponent(order.reference!)}`);
    const empty = page.getByTestId('orders-no-results');
    await empty.waitFor({ timeout: 20_000 });
    const hint = page.getByTestId('search-hint');
    await hint.waitFor({ timeout: 15_000 });
    expect(await hint.textContent()).toContain('in Delivered');
    expect(await empty.textContent()).toContain('No Results Found');
    await hint.getByRole('button', { name: 'Show it in Delivered' }).click();
    await page.locator(`tr[data-uid="${order.uid}"]`).waitFor({ timeout: 15_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe(order.reference);
    expect(url.searchParams.get('status')).toContain('shipping_delivered');
    // A reference that exists nowhere keeps the plain panel, without a hint: checked once the hint's
    // search across every status has answered, and the page has drawn what it got.
    const hintSearch = page.waitForResponse(
      (r) => r.url().includes('orders.search') && decodeURIComponent(r.url()).includes('no-such-order-zz'),
    );
    await page.goto(`${stack.baseUrl}/realtime?q=no-such-order-zz`);
    await empty.waitFor({ timeout: 20_000 });
    const answer = await hintSearch;
    expect(answer.ok()).toBe(true);
    await answer.finished();
    await framesDrawn(page);
    expect(await hint.count()).toBe(0);
  });

  for (const width of [1280, 1440, 1920] as const) {
    it(`clips no badge and cuts no name with room beside it at ${width} px; every control is on screen`, async () => {
      await page.setViewportSize({ width, height: 900 });
      // Every priority and status: late orders and long status names among them.
      await page.goto(`${stack.baseUrl}/realtime?prio=all&active=all`);
      await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(10);
      await page.mouse.move(0, 0);
      const report = await rows().evaluateAll((trs) => {
        const inside = (el: Element, box: DOMRect, slack = 0.5) => {
          const r = el.getBoundingClientRect();
          return r.left >= box.left - slack && r.right <= box.right + slack;
        };
        const problems: string[] = [];
        let lates = 0;
        for (const tr of trs) {
          const uid = (tr as HTMLElement).dataset.uid;
          const badges = tr.querySelectorAll(
            '[data-testid="late-badge"], [class*="unread"], [class*="payment"]',
          );
          for (const badge of badges) {
            if (badge.getAttribute('data-testid') === 'late-badge') lates += 1;
            const cell = badge.closest('td')!.getBoundingClientRect();
            const b = badge as HTMLElement;
            if (b.scrollWidth > b.clientWidth) problems.push(`${uid}: ${b.textContent} badge cut`);
            if (!inside(badge, cell)) problems.push(`${uid}: ${b.textContent} badge outside its cell`);
            // Nothing clickable in the cell lies over the badge (the comment copy button).
            const box = badge.getBoundingClientRect();
            for (const control of badge.closest('td')!.querySelectorAll('button')) {
              if (control.contains(badge)) continue;
              const c = control.getBoundingClientRect();
              if (c.left < box.right && c.right > box.left && c.top < box.bottom && c.bottom > box.top)
                problems.push(`${uid}: ${control.getAttribute('aria-label')} over ${b.textContent}`);
            }
          }
          // Nothing of a row leaves its cell.
          for (const td of tr.querySelectorAll('td')) {
            const cell = td.getBoundingClientRect();
            // Copy buttons sit 4 px left of their text by design (their hover background); the
            // screen-reader-only text has no box to see.
            for (const el of td.querySelectorAll('*:not(.visually-hidden)')) {
              const r = el.getBoundingClientRect();
              if (r.width > 0 && !inside(el, cell, 4.5))
                problems.push(`${uid}: ${el.tagName}.${el.className} leaves its cell`);
            }
          }
        }
        const cutWarehouses = [...document.querySelectorAll('[data-testid="order-warehouse"]')]
          .filter((e) => e.scrollWidth > e.clientWidth)
          .map((e) => e.textContent);
        return { problems, lates, cutWarehouses };
      });
      expect(report.lates, 'late orders listed').toBeGreaterThan(0);
      expect(report.problems, `at ${width} px`).toEqual([]);
      // Nor is any control or badge cut inside its cell, by a line that hides its overflow.
      expect((await cutControls(rows())).problems, `controls cut at ${width} px`).toEqual([]);
      if (width === 1920) expect(report.cutWarehouses, 'warehouse names cut at 1920 px').toEqual([]);
      // Every control of the screen lies inside the viewport.
      const off = await page.locator('main button:visible, main a:visible, main input:visible').evaluateAll(
        (els, w) =>
          els
            .map((el) => ({
              name: el.getAttribute('aria-label') ?? el.textContent ?? '',
              r: el.getBoundingClientRect(),
            }))
            .filter(({ r }) => r.left < 0 || r.right > w)
            .map(({ name }) => name),
        width,
      );
      expect(off, `controls off screen at ${width} px`).toEqual([]);
      const shot = await page.screenshot();
      expect(shot.byteLength).toBeGreaterThan(10_000);
      if (process.env.UPDATE_SCREENSHOTS === '1') {
        const file = resolve(repoRoot, `docs/screenshots/realtime-${width}.png`);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, shot);
      }
      // Under each latest comment '+ N comments' and 'N New' show whole; author · age shows as at
      // least a few characters or not at all, and in full on keyboard focus and hover when it does not.
      const meta = await commentMetaLines(rows());
      expect(meta.lines, `rows with comments at ${width} px`).toBeGreaterThan(0);
      expect(meta.problems, `comment meta lines at ${width} px`).toEqual([]);
      const short = meta.segments.filter((s) => s.state !== 'whole');
      if (width === 1280) expect(short.length, 'authors cut or hidden at 1280 px').toBeGreaterThan(0);
      if (width === 1920) expect(short, 'authors cut or hidden at 1920 px').toEqual([]);
      for (const state of ['cut', 'hidden'] as const) {
        const segment = short.find((s) => s.state === state);
        if (!segment) continue;
        const link = page.locator(`tr[data-uid="${segment.uid}"] [data-testid="comment-overview"] a`);
        const tooltip = page.getByRole('tooltip');
        await link.focus();
        await expect.poll(() => tooltip.allTextContents(), { timeout: 5_000 }).toEqual([segment.text]);
        await page.keyboard.press('Escape');
        await tooltip.waitFor({ state: 'detached', timeout: 5_000 });
        await link.evaluate((a) => (a as HTMLElement).blur());
        await link.hover();
        await expect.poll(() => tooltip.allTextContents(), { timeout: 5_000 }).toEqual([segment.text]);
        await movePointerAway(page);
        await tooltip.waitFor({ state: 'detached', timeout: 5_000 });
      }
      // The same for rows with tracking numbers (all of 12 digits): a long one once pushed the track
      // link past the courier column's edge.
      await page.getByRole('button', { name: /In Transit$/ }).click();
      await page.waitForURL(/status=/);
      await expect
        .poll(async () => (await cutControls(rows())).longTracking, { timeout: 20_000 })
        .toBeGreaterThan(5);
      expect((await cutControls(rows())).problems, `controls cut in transit at ${width} px`).toEqual([]);
    });
  }

  it('shows a cut text in full on hover and on keyboard focus', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${stack.baseUrl}/realtime?prio=all&active=all`);
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(10);
    // Narrow the status column's room so some status names are cut, as on a narrow window.
    await page.addStyleTag({ content: '[data-testid="order-status"] { max-width: 60px; }' });
    const cut = page.locator('[data-testid="order-status"] [data-cut]').first();
    await cut.waitFor({ timeout: 5_000 });
    const full = (await cut.textContent())!;
    const tooltip = page.getByTestId('truncated-text-tooltip');
    await cut.hover();
    await expect.poll(() => tooltip.textContent(), { timeout: 5_000 }).toBe(full);
    await movePointerAway(page);
    await tooltip.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await cut.getAttribute('tabindex')).toBe('0');
    await cut.focus();
    await expect.poll(() => tooltip.textContent(), { timeout: 5_000 }).toBe(full);
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached', timeout: 5_000 });
    // A text that fits is no tab stop.
    const whole = page.locator('[data-testid="order-warehouse"]:not([data-cut])').first();
    expect(await whole.getAttribute('tabindex')).toBeNull();
  });

  it('says so when the list has not answered within 10 s, and shows it once it arrives', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    stack.sim.control.setFault({
      kind: 'slow',
      delayMs: 18_000,
      paths: [BACKEND_ROUTES['orders.search.filter'].path],
    });
    const notice = page.getByTestId('orders-slow');
    try {
      // Taken before the page loads, so no machine is too slow for the lower bound: the 10 s start
      // when the list mounts, later than this.
      const started = Date.now();
      // A filter no earlier test asked for: nothing of it is cached.
      await page.goto(`${stack.baseUrl}/realtime?prio=all&q=0`);
      await page.getByRole('table', { name: 'Orders' }).waitFor({ timeout: 15_000 });
      // Shown while the answer (18 s away) is still on its way: the rows are not there yet.
      await notice.waitFor({ timeout: 30_000 });
      const after = Date.now() - started;
      console.info(`slow-load notice shown ${after} ms after the page was asked for`);
      expect(after).toBeGreaterThanOrEqual(10_000);
      expect(await notice.getAttribute('role')).toBe('status');
      expect(await notice.textContent()).toContain('has not answered for 10 seconds');
      expect(await rows().count()).toBe(0);
    } finally {
      stack.sim.control.setFault(null);
    }
    await expect.poll(() => rows().count(), { timeout: 45_000 }).toBeGreaterThan(0);
    expect(await notice.count()).toBe(0);
  });
});
