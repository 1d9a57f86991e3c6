import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { viewProblems } from './fits-view.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

// Every screen at a small laptop's 1024 × 768 and on a tablet held either way: no sideways scroll,
// every control and badge on screen and whole, and axe's default rules.

const SIZES = [
  { name: '1024 × 768', width: 1024, height: 768 },
  { name: 'iPad landscape', width: 1180, height: 820 },
  { name: 'iPad portrait', width: 820, height: 1180 },
] as const;

type SimOrder = Stack['sim']['store']['orders'] extends Map<string, infer V> ? V : never;

let stack: Stack;
let page: Page;

useSignedInBrowser(
  { env: { LOG_LEVEL: 'error' }, context: { viewport: { width: 1024, height: 768 } } },
  (made) => {
    ({ stack, page } = made);
  },
);

/** What does not fit and what axe finds, on the page as it stands. */
async function check(what: string): Promise<string[]> {
  const found = (await viewProblems(page)).map((p) => `${what}: ${p}`);
  for (const v of await axeViolations(page, 'body')) found.push(`${what} axe: ${v}`);
  return found;
}

async function openOrders(): Promise<void> {
  await page.goto(`${stack.baseUrl}/realtime`);
  await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.locator('table[aria-busy="false"]').waitFor({ timeout: 20_000 });
  await page.getByTestId('status-bar').waitFor({ timeout: 20_000 });
  await page.mouse.move(0, 0);
}

/** A list screen on a phone, its first rows in: the row locator. */
async function openPhoneList(path: string, rowTestId: string): Promise<Locator> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${stack.baseUrl}${path}`);
  const rows = page.getByTestId(rowTestId);
  await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(3);
  await page.locator('table[aria-busy="false"]').waitFor({ timeout: 20_000 });
  return rows;
}

/**
 * The first five cards of a phone list: each part (a selector within the card) that is missing or
 * not inside its own card both ways (under the next card, past the window's side), whether the
 * table's column headers are drawn, and the narrowest card's width.
 */
function cardParts(rows: Locator, parts: Record<string, string>) {
  return rows.evaluateAll((all, named) => {
    const cards = all.slice(0, 5);
    const outside = cards.flatMap((row, i) => {
      const box = row.getBoundingClientRect();
      return Object.entries(named).flatMap(([name, selector]) => {
        const r = row.querySelector(selector)?.getBoundingClientRect();
        const inside =
          !!r &&
          r.width > 0 &&
          r.left >= box.left &&
          r.right <= box.right &&
          r.top >= box.top &&
          r.bottom <= box.bottom;
        return inside ? [] : [`card ${i + 1}: ${name}`];
      });
    });
    // Cards, not table rows: the column headers are read, not drawn.
    const header = all[0]?.closest('table')?.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    return {
      cards: cards.length,
      outside,
      headerDrawn: header > 1,
      narrowest: Math.min(...cards.map((r) => r.getBoundingClientRect().width)),
    };
  }, parts);
}

/**
 * What an inbound detail's products table hides or breaks: a quantity (a plain cell, which
 * `viewProblems` does not look at) outside its product's row or the window, a table wider than its
 * box, a NEW tag broken over two lines; and how many NEW tags it checked.
 */
function productTableProblems(detail: Locator) {
  return detail.evaluate((root) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const table = root.querySelector('table');
    const box = table?.parentElement;
    if (!table || !box) return { problems: ['no products table'], newTags: 0 };
    if (box.scrollWidth > box.clientWidth + 1)
      problems.push(`table ${box.scrollWidth} px wide in its ${box.clientWidth} px box`);
    const rows = [...root.querySelectorAll('[data-testid="product-row"]')].slice(0, 5);
    if (rows.length === 0) problems.push('no product rows');
    rows.forEach((row, i) => {
      const r = row.getBoundingClientRect();
      [...row.querySelectorAll('td')].forEach((cell, j) => {
        const c = cell.getBoundingClientRect();
        if (c.width <= 0 || c.left < Math.max(r.left, 0) - 0.5 || c.right > Math.min(r.right, width) + 0.5)
          problems.push(`product ${i + 1} cell ${j + 1} at ${Math.round(c.left)}..${Math.round(c.right)}`);
      });
    });
    const tags = [...root.querySelectorAll('[data-testid="new-tag"]')];
    for (const tag of tags) {
      const range = document.createRange();
      range.selectNodeContents(tag);
      if (range.getClientRects().length !== 1) problems.push('a NEW tag broken over lines');
    }
    return { problems, newTags: tags.length };
  });
}

/** A phone list drawn as cards: some cards, no drawn column headers, every part in its card, full width. */
function expectCards(cards: Awaited<ReturnType<typeof cardParts>>): void {
  expect(cards.cards).toBeGreaterThan(0);
  expect(cards.headerDrawn, 'column headers drawn').toBe(false);
  expect(cards.outside).toEqual([]);
  expect(cards.narrowest, 'a card spans the window').toBeGreaterThan(300);
}

/**
 * Parts of the rows' cells (links, buttons, and pills, badges or the sparkline: anything with a test
 * id) that stick out of their own cell sideways (into the next column), or that cover another part
 * of the same row. A link or button is judged by what it shows (its content box): its padding is a
 * larger target.
 */
function partsOutsideCells(rows: Locator) {
  return rows.evaluateAll((all) =>
    all.flatMap((row, i) => {
      const problems: string[] = [];
      const nameOf = (el: Element) =>
        el.getAttribute('data-testid') ??
        el.getAttribute('aria-label') ??
        el.textContent?.trim().slice(0, 30);
      const shown = (el: Element) => {
        const box = el.getBoundingClientRect();
        if (!el.matches('a, button')) return box;
        const s = getComputedStyle(el);
        const [top, right, bottom, left] = [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft].map(
          (v) => Number.parseFloat(v) || 0,
        );
        return new DOMRect(
          box.left + left!,
          box.top + top!,
          box.width - left! - right!,
          box.height - top! - bottom!,
        );
      };
      const parts = [...row.querySelectorAll('td [data-testid], td a, td button')]
        .map((el) => ({ el, r: shown(el) }))
        .filter(({ r }) => r.width > 0);
      for (const { el, r } of parts) {
        const cell = el.closest('td')!.getBoundingClientRect();
        if (r.left < cell.left - 0.5 || r.right > cell.right + 0.5)
          problems.push(`row ${i + 1}: ${nameOf(el)} outside its cell`);
      }
      parts.forEach((a, j) => {
        for (const b of parts.slice(j + 1)) {
          if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
          const overlap =
            Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left) > 0.5 &&
            Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top) > 0.5;
          if (overlap) problems.push(`row ${i + 1}: ${nameOf(a.el)} over ${nameOf(b.el)}`);
        }
      });
      return problems;
    }),
  );
}

/** The detail of the first inbound in the list with a NEW product (the first few have one). */
async function openInboundWithNewProducts(): Promise<Locator> {
  const rows = page.getByTestId('inbound-row');
  const detail = page.getByTestId('inbound-detail');
  for (let i = 0; i < 8; i += 1) {
    await page.goto(`${stack.baseUrl}/inbounds`);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(i);
    await rows.nth(i).getByRole('link').first().click();
    await detail.getByTestId('product-row').first().waitFor({ timeout: 20_000 });
    if ((await detail.getByTestId('new-tag').count()) > 0) return detail;
  }
  throw new Error('none of the first eight inbounds has a NEW product');
}

describe('every screen fits tablets and a 1024 px window', () => {
  for (const size of SIZES) {
    it(`the orders list, its row menu and an order detail at ${size.name}`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await openOrders();
      const found = await check('orders list');
      found.push(...(await partsOutsideCells(page.getByTestId('order-row'))));
      // The summary divider stands on the late toggle's line, just before it.
      const divider = await page.getByTestId('summary-divider').boundingBox();
      const late = await page.getByRole('button', { name: 'Late', exact: true }).boundingBox();
      expect(divider, 'the divider shows with these counts').not.toBeNull();
      if (
        divider &&
        late &&
        (Math.abs(divider.y + divider.height / 2 - (late.y + late.height / 2)) > 1 || divider.x > late.x)
      )
        found.push(`summary divider at ${Math.round(divider.x)},${Math.round(divider.y)}, not before Late`);
      // An order with a shipping label and comments the user has not read: its PDF link and menu
      // share the actions cell, beside '+ N comments' and the 'N New' badge, the widest comment line.
      const me = stack.sim.store.users.find((u) => u.email === 'ops@example.com')!;
      const unread = (o: SimOrder) => o.comments.filter((c) => !c.seen_by.some((s) => s.user_uid === me.uid));
      const labelled = [...stack.sim.store.orders.values()].find(
        (o) => o.labelVersion > 0 && o.reference && o.comments.length >= 2 && unread(o).length > 0,
      );
      // Every priority and snoozed orders too: the search finds it wherever it stands.
      await page.goto(
        `${stack.baseUrl}/realtime?q=${encodeURIComponent(labelled!.reference!)}&prio=all&active=all`,
      );
      const labelledRow = page.locator(`[data-testid=order-row][data-uid="${labelled!.uid}"]`);
      await labelledRow.getByRole('link', { name: 'PDF shipping label' }).waitFor({ timeout: 20_000 });
      await labelledRow.getByTestId('unread-badge').waitFor({ timeout: 20_000 });
      found.push(...(await partsOutsideCells(labelledRow)));
      await openOrders();
      await page.getByTestId('order-row').first().getByRole('button', { name: 'Order Options' }).click();
      await page.getByRole('menu').waitFor({ timeout: 5_000 });
      found.push(...(await check('row menu')));
      await page.keyboard.press('Escape');
      await page.getByTestId('order-row').first().getByTestId('comment-overview').getByRole('link').click();
      await page.getByTestId('order-detail').getByTestId('order-detail-header').waitFor({ timeout: 20_000 });
      found.push(...(await check('order detail')));
      expect(found, size.name).toEqual([]);
    });

    it(`the inbounds list and an inbound detail at ${size.name}`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${stack.baseUrl}/inbounds`);
      const rows = page.getByTestId('inbound-row');
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const found = await check('inbounds list');
      await rows.first().getByRole('link').first().click();
      await page.getByTestId('inbound-detail').getByTestId('inbound-header').waitFor({ timeout: 20_000 });
      found.push(...(await check('inbound detail')));
      expect(found, size.name).toEqual([]);
      const products = await productTableProblems(await openInboundWithNewProducts());
      expect(products.problems, size.name).toEqual([]);
      expect(products.newTags, 'NEW tags checked').toBeGreaterThan(0);
    });

    it(`the clients list and the account page at ${size.name}`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${stack.baseUrl}/clients`);
      await expect
        .poll(() => page.getByTestId('store-count').count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      const found = await check('clients');
      found.push(...(await partsOutsideCells(page.getByTestId('store-row'))));
      await page.goto(`${stack.baseUrl}/me`);
      await page.getByRole('heading', { name: 'Olivia Ops' }).waitFor({ timeout: 20_000 });
      found.push(...(await check('account page')));
      expect(found, size.name).toEqual([]);
    });

    it(`the activity screen at ${size.name}: each filter's label on the line of its box`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${stack.baseUrl}/activity`);
      const form = page.getByRole('form', { name: 'Filter the activity' });
      await form.waitFor({ timeout: 20_000 });
      const found = await check('activity');
      const pairs = await form.locator('label').evaluateAll((labels) =>
        labels.map((label) => {
          const control = document.getElementById(label.getAttribute('for') ?? '');
          const l = label.getBoundingClientRect();
          const c = control?.getBoundingClientRect();
          const middle = l.top + l.height / 2;
          return {
            label: label.textContent,
            besideItsBox: !!c && middle > c.top && middle < c.bottom && l.right <= c.left,
          };
        }),
      );
      expect(pairs.length).toBe(4);
      expect(pairs.filter((p) => !p.besideItsBox)).toEqual([]);
      expect(found, size.name).toEqual([]);
    });

    it(`the login page at ${size.name}`, async () => {
      const context = await page.context().browser()?.newContext({ viewport: size });
      if (!context) throw new Error('no browser');
      const signedOut = await context.newPage();
      try {
        await signedOut.goto(`${stack.baseUrl}/login`);
        await signedOut.getByLabel('E-mail').waitFor({ timeout: 20_000 });
        const found = (await viewProblems(signedOut)).map((p) => `login: ${p}`);
        found.push(...(await axeViolations(signedOut, 'body')).map((v) => `login axe: ${v}`));
        expect(found, size.name).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the header with a finished export in its tray', () => {
  it('fits a 1024 px window, a tablet held either way and a phone', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${stack.baseUrl}/inbounds`);
    const row = page.getByTestId('inbound-row').first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Inbound' });
    await dialog.getByRole('button', { name: 'EXPORT', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const tray = page.getByTestId('export-tray-button');
    await expect.poll(() => tray.textContent(), { timeout: 30_000 }).toBe('Exports (1 ready)');
    const found: string[] = [];
    for (const size of [...SIZES, { name: 'phone', width: 390, height: 844 }]) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${stack.baseUrl}/inbounds`);
      await page.getByTestId('inbound-row').first().waitFor({ timeout: 20_000 });
      await tray.waitFor({ timeout: 10_000 });
      found.push(...(await check(`inbounds at ${size.name}`)));
      // The button still opens the tray, and the finished file is in it.
      await tray.click();
      await page.getByTestId('export-tray').getByTestId('export-job').first().waitFor({ timeout: 10_000 });
      await page.keyboard.press('Escape');
    }
    expect(found).toEqual([]);
  });
});

describe('on a phone (390 × 844)', () => {
  it('lists orders as cards; an order opens, reads and takes a comment, all on screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openOrders();
    const found = await check('order cards');
    // Each card shows what identifies the order: reference, status, store, courier, comment state.
    const cards = await page.getByTestId('order-row').evaluateAll((rows) =>
      rows.slice(0, 5).map((row) => {
        const box = row.getBoundingClientRect();
        const shown = (el: Element | null) => {
          const r = el?.getBoundingClientRect();
          return !!r && r.width > 0 && r.left >= box.left && r.right <= box.right;
        };
        return {
          width: Math.round(box.width),
          reference: shown(row.querySelector('button[aria-label^="Copy order reference"]')),
          status: shown(row.querySelector('[data-testid="order-status"]')),
          store: shown(row.querySelector('[role="img"]')),
          comments: shown(row.querySelector('[data-testid="comment-overview"]')),
        };
      }),
    );
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards)
      expect(card).toEqual({ width: card.width, reference: true, status: true, store: true, comments: true });
    expect(Math.min(...cards.map((c) => c.width)), 'a card spans the window').toBeGreaterThan(340);

    await page.getByTestId('order-row').first().getByTestId('comment-overview').getByRole('link').click();
    const detail = page.getByTestId('order-detail');
    await detail.getByTestId('order-detail-header').waitFor({ timeout: 20_000 });
    found.push(...(await check('order detail')));
    const box = detail.getByPlaceholder('Add new comment');
    if (!(await box.isVisible())) await detail.getByRole('button', { name: 'New comment' }).click();
    await box.fill('Checked on the floor');
    found.push(...(await check('comment editor')));
    await detail.getByRole('button', { name: 'Add comment' }).click();
    await detail.getByTestId('comment-item').filter({ hasText: 'Checked on the floor' }).waitFor();
    expect(found, 'phone').toEqual([]);
  });

  it('lists inbounds as cards; each shows its reception, status, counts and warehouse, and its menu works', async () => {
    const rows = await openPhoneList('/inbounds', 'inbound-row');
    const found = await check('inbound cards');
    const cards = await cardParts(rows, {
      reception: 'a',
      status: '[data-testid="status-pill"]',
      menu: 'button[aria-label^="Actions for"]',
      warehouse: 'td:nth-child(3)',
    });
    expectCards(cards);
    await rows
      .first()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Mark as Arrived' }).waitFor({ timeout: 5_000 });
    found.push(...(await check('inbound menu')));
    await page.keyboard.press('Escape');
    await rows.first().getByRole('link').first().click();
    await page.getByTestId('inbound-detail').getByTestId('inbound-header').waitFor({ timeout: 20_000 });
    found.push(...(await check('inbound detail')));
    expect(found, 'phone').toEqual([]);
    // Each product a card: every quantity on screen inside it, nothing to scroll sideways to.
    const products = await productTableProblems(await openInboundWithNewProducts());
    expect(products.problems, 'phone').toEqual([]);
    expect(products.newTags, 'NEW tags checked').toBeGreaterThan(0);
  });

  it('lists stores as cards; each shows its store, orders and activity inside the card', async () => {
    const rows = await openPhoneList('/clients', 'store-row');
    const found = await check('store cards');
    const cards = await cardParts(rows, {
      store: '[data-testid="size-badge"]',
      orders: '[data-testid="orders-pill"]',
      activity: 'td:nth-child(4)',
      couriers: 'td:nth-child(3)',
    });
    expectCards(cards);
    found.push(...(await partsOutsideCells(rows)));
    expect(found, 'phone').toEqual([]);
  });
});
