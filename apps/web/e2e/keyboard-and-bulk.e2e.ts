import { BULK_ACTIONS, statusAction } from '@waybill/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

let stack: Stack;
let page: Page;

const rows = () => page.getByTestId('order-row');
const row = (uid: string) => page.locator(`[data-testid=order-row][data-uid="${uid}"]`);
/** data-index and data-uid of the focused row, or null when the focus is elsewhere. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.testid === 'order-row'
      ? { index: Number(el.dataset.index), uid: el.dataset.uid ?? '' }
      : null;
  });

async function openList(path = '/realtime') {
  await page.goto(`${stack.baseUrl}${path}`);
  await expect.poll(() => rows().count(), { timeout: 30_000 }).toBeGreaterThan(0);
}

useSignedInBrowser(
  {
    env: { LOG_LEVEL: 'error' },
    context: { viewport: { width: 1280, height: 800 } },
    permissions: ['clipboard-read', 'clipboard-write'],
  },
  (made) => {
    ({ stack, page } = made);
  },
);

describe('keyboard-first queue (1280 px)', () => {
  it('j/k move a visible focus ring through the rows, scrolling the virtual table', async () => {
    await openList();
    await page.locator('body').press('j');
    await expect.poll(focused).toMatchObject({ index: 0 });
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('j');
    await expect.poll(focused).toMatchObject({ index: 1 });
    await page.keyboard.press('k');
    await expect.poll(focused).toMatchObject({ index: 0 });
    // Far enough down to leave the first screen: the focused row is scrolled into view, under the header.
    for (let i = 0; i < 18; i++) await page.keyboard.press('j');
    await expect.poll(focused).toMatchObject({ index: 18 });
    const placed = await page.evaluate(() => {
      const box = document.activeElement!.getBoundingClientRect();
      const head = document.querySelector('table thead')!.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, headBottom: head.bottom, height: window.innerHeight };
    });
    expect(placed.top).toBeGreaterThanOrEqual(placed.headBottom - 1);
    expect(placed.bottom).toBeLessThanOrEqual(placed.height + 1);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // x ticks the focused row for a bulk action, and unticks it.
    const uid = (await focused())!.uid;
    await page.keyboard.press('x');
    await expect.poll(() => row(uid).getByTestId('row-tick').isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('bulk-bar').textContent()).toContain('1 selected');
    await page.keyboard.press('x');
    await expect.poll(() => page.getByTestId('bulk-bar').count()).toBe(0);
  });

  it('Enter opens the focused order, Esc returns, c opens the comment editor of the focused order', async () => {
    await openList();
    await page.locator('body').press('j');
    // Enter leads where the row's comments link leads: to the first row whose link says more than
    // the uid (newComment when it has no comment, hasUnread when some are unread).
    const linkOf = async (uid: string) =>
      (await row(uid).getByTestId('comment-overview').locator('a').first().getAttribute('href')) ?? '';
    let target = await focused();
    for (let i = 0; i < 30 && !/newComment=true|hasUnread=true/.test(await linkOf(target!.uid)); i++) {
      await page.keyboard.press('j');
      await expect.poll(focused).toMatchObject({ index: i + 1 });
      target = await focused();
    }
    const link = await linkOf(target!.uid);
    expect(link).toMatch(/^\/realtime\/order\?uid=.*(newComment|hasUnread)=true/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/realtime\/order\?/);
    expect(new URL(page.url()).searchParams.get('uid')).toBe(target!.uid);
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(link);
    await page.getByTestId('order-detail-header').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.getByTestId('order-detail').waitFor({ state: 'detached', timeout: 10_000 });
    await page.waitForURL((url) => url.pathname === '/realtime');
    await expect.poll(focused, { timeout: 10_000 }).toMatchObject({ uid: target!.uid });

    await page.keyboard.press('c');
    await page.waitForURL(/newComment=true/);
    expect(new URL(page.url()).searchParams.get('uid')).toBe(target!.uid);
    await page.getByTestId('order-detail').getByPlaceholder('Add new comment').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/realtime');
  });

  it('/ goes to search; typing there never moves the rows; ? lists every shortcut', async () => {
    await openList();
    await page.locator('body').press('j');
    await expect.poll(focused).toMatchObject({ index: 0 });
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search order reference' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('jk?c');
    expect(await search.inputValue()).toBe('jk?c');
    expect(await page.getByTestId('shortcuts-dialog').count()).toBe(0);
    await search.fill('');
    await rows().first().focus();
    await page.keyboard.press('?');
    const help = page.getByTestId('shortcuts-dialog');
    await help.waitFor();
    const text = await help.textContent();
    for (const key of ['j', 'k', 'Enter', 'Esc', 'c', '/', 'Ctrl', 'K', '?']) expect(text).toContain(key);
    // A modal is open: j does nothing behind it.
    await page.keyboard.press('j');
    expect(await focused()).toBeNull();
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
  });
});

describe('bulk actions (1280 px)', () => {
  /** The labels of one row's 'Order Options' menu. */
  async function menuOf(uid: string): Promise<string[]> {
    await row(uid).getByRole('button', { name: 'Order Options' }).click();
    const items = page.getByRole('menuitem');
    await items.first().waitFor();
    const labels = (await items.allTextContents()).map((t) => t.replace(/\d+ comments$/, '').trim());
    await page.keyboard.press('Escape');
    return labels;
  }

  it('offers only the actions every ticked order allows; Shift-click ticks a range', async () => {
    await openList('/realtime?prio=all&active=all&user=all');
    const uids = await rows().evaluateAll((els) => els.slice(0, 6).map((e) => e.getAttribute('data-uid')!));
    const menus = [] as string[][];
    for (const uid of uids.slice(0, 3)) menus.push(await menuOf(uid));
    const label = (a: (typeof BULK_ACTIONS)[number]) =>
      a === 'addComment' ? 'Add comment' : statusAction(a).menuLabel;
    const common = BULK_ACTIONS.map(label).filter((l) => menus.every((m) => m.includes(l)));

    await row(uids[0]!).getByTestId('row-tick').click();
    await row(uids[2]!)
      .getByTestId('row-tick')
      .click({ modifiers: ['Shift'] });
    const bar = page.getByTestId('bulk-bar');
    await expect.poll(() => bar.textContent()).toContain('3 selected');
    for (const uid of uids.slice(0, 3)) expect(await row(uid).getByTestId('row-tick').isChecked()).toBe(true);
    expect(await row(uids[3]!).getByTestId('row-tick').isChecked()).toBe(false);
    const offered = await bar
      .getByRole('button')
      .evaluateAll((els) =>
        els.map((e) => e.textContent?.trim() ?? '').filter((t) => t !== 'Clear selection'),
      );
    expect(offered).toEqual(common);
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await expect.poll(() => bar.count()).toBe(0);
  });

  it('marks ticked orders lost with one date: progress per order, the refused one stays ticked', async () => {
    await openList();
    const uids = await rows().evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute('data-uid')!));
    for (const uid of uids) await row(uid).getByTestId('row-tick').check();
    const bar = page.getByTestId('bulk-bar');
    await expect.poll(() => bar.textContent()).toContain('3 selected');
    // The backend refuses the second one: it became final there (without a change the list would see yet).
    const refused = stack.sim.store.orders.get(uids[1]!)!;
    refused.status = 'cancelled';
    await page.getByTestId('bulk-markLost').click();
    const modal = page.getByTestId('bulk-markLost-date');
    await modal.waitFor();
    const today = new Date();
    await modal.getByLabel('Day').fill(String(today.getDate()).padStart(2, '0'));
    await modal.getByLabel('Month').fill(String(today.getMonth() + 1).padStart(2, '0'));
    await modal.getByLabel('Year').fill(String(today.getFullYear()));
    await modal.getByRole('button', { name: 'SAVE CHANGES' }).click();
    const run = page.getByTestId('bulk-run');
    await run.waitFor();
    await expect
      .poll(() => run.getByTestId('bulk-progress').textContent(), { timeout: 20_000 })
      .toContain('3 of 3 done: 2 changed, 1 failed');
    const states = await run
      .getByTestId('bulk-item')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states).toEqual(['done', 'failed', 'done']);
    // Its status differs from the one the list showed when it was ticked: a conflict, not written.
    expect(await run.getByTestId('bulk-item').nth(1).textContent()).toMatch(
      /Changed by someone else (just now|.* ago): status changed to Cancel/,
    );
    expect(stack.sim.store.orders.get(uids[0]!)!.status).toBe('lost');
    expect(stack.sim.store.orders.get(uids[2]!)!.status).toBe('lost');
    await run.getByRole('button', { name: 'Done' }).click();
    // The refused order stays ticked (while it is listed); the changed ones are not ticked.
    await expect.poll(() => bar.textContent()).toContain('1 selected');
    expect(await row(uids[1]!).getByTestId('row-tick').isChecked()).toBe(true);
  });

  it('adds the same comment to every ticked order', async () => {
    await openList();
    // A fresh page: nothing is ticked.
    expect(await page.getByTestId('bulk-bar').count()).toBe(0);
    const uids = await rows().evaluateAll((els) => els.slice(3, 5).map((e) => e.getAttribute('data-uid')!));
    const before = uids.map((u) => stack.sim.store.orders.get(u)!.comments.length);
    for (const uid of uids) await row(uid).getByTestId('row-tick').check();
    await page.getByTestId('bulk-addComment').click();
    const modal = page.getByTestId('bulk-comment');
    await modal.getByRole('textbox').fill('Bulk note: courier strike, expect delays');
    await modal.getByRole('button', { name: 'ADD COMMENT' }).click();
    const run = page.getByTestId('bulk-run');
    await expect
      .poll(() => run.getByTestId('bulk-progress').textContent(), { timeout: 20_000 })
      .toContain('2 of 2 done: 2 changed, 0 failed');
    uids.forEach((u, i) => {
      const comments = stack.sim.store.orders.get(u)!.comments;
      expect(comments.length).toBe(before[i]! + 1);
    });
    await run.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('bulk-bar').count()).toBe(0);
  });
});

describe('saved views and the command palette', () => {
  it('saves the current filters, opens them from the menu, renames, shares and deletes them', async () => {
    await openList('/realtime?q=12&active=all');
    await page.getByTestId('saved-views').click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    await page.getByLabel('View name').fill('Twelves');
    await page.getByRole('button', { name: 'SAVE VIEW' }).click();
    // Another name the same whatever the case is refused, naming the problem.
    await page.getByTestId('saved-views').click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    await page.getByLabel('View name').fill('twelves');
    await page.getByLabel('View name').blur();
    await page.getByText('A view named "twelves" already exists.').waitFor();
    await page.keyboard.press('Escape');

    await openList();
    await page.getByTestId('saved-views').click();
    await page.getByRole('menuitem', { name: 'Twelves' }).click();
    await page.waitForURL(/q=12/);
    expect(new URL(page.url()).searchParams.get('active')).toBe('all');
    // Kept across a reload (stored in this browser).
    await page.reload();
    await expect
      .poll(
        () =>
          page
            .getByTestId('saved-views')
            .textContent({ timeout: 1000 })
            .catch(() => null),
        {
          timeout: 30_000,
        },
      )
      .toContain('Twelves');

    await page.getByTestId('saved-views').click();
    await page.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
    const manage = page.getByTestId('manage-views');
    await manage.getByRole('button', { name: 'Rename Twelves' }).click();
    await manage.getByLabel('New name for Twelves').fill('Twelve refs');
    await manage.getByRole('button', { name: 'Save name' }).click();
    await manage.getByText('Twelve refs').waitFor();
    await manage.getByRole('button', { name: 'Copy link to Twelve refs' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/\/realtime\?q=12&active=all$/);

    // The palette lists it too. (Esc would first dismiss the 'Link copied' toast.)
    await manage.getByRole('button', { name: 'Close', exact: true }).click();
    await manage.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await palette.getByRole('combobox').fill('twelve');
    await palette.getByRole('option', { name: 'Twelve refs' }).waitFor();
    await openList();
    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('twelve');
    await palette.getByRole('option', { name: 'Twelve refs' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/realtime\?q=12&active=all$/);

    await page.getByTestId('saved-views').click();
    await page.getByRole('menuitem', { name: 'Rename, delete or share…' }).click();
    await manage.getByRole('button', { name: 'Delete Twelve refs' }).click();
    await expect.poll(() => manage.getByTestId('manage-view').count()).toBe(0);
  });

  it('bad stored views never break the screen', async () => {
    await openList();
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('waybill.savedViews')) localStorage.setItem(key, '{not json');
      localStorage.setItem('waybill.savedViews.v1.x', '[1,2');
    });
    await page.reload();
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('saved-views').click();
    await page.getByText('No saved views yet').waitFor();
    await page.keyboard.press('Escape');
  });

  it('Ctrl+K jumps to an order of any status by reference, and to a screen (1920 px)', async () => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    try {
      const delivered = [...stack.sim.store.orders.values()].find(
        (o) => o.status === 'shipping_delivered' && o.managed_by === 'waybill' && o.reference,
      )!;
      expect(delivered, 'the sim has a delivered order').toBeDefined();
      await openList();
      // Not in the default list (delivered orders are not active).
      expect(await row(delivered.uid).count()).toBe(0);
      await page.keyboard.press('Control+k');
      const palette = page.getByTestId('command-palette');
      await palette.getByRole('combobox').fill(delivered.reference!);
      const option = palette.getByRole('option', { name: new RegExp(delivered.reference!) });
      await option.first().waitFor({ timeout: 20_000 });
      expect(await option.first().textContent()).toContain('Delivered');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/realtime\/order\?/);
      expect(new URL(page.url()).searchParams.get('uid')).toBe(delivered.uid);
      await page.getByTestId('order-detail-header').waitFor({ timeout: 20_000 });
      await page.keyboard.press('Escape');
      await page.getByTestId('order-detail').waitFor({ state: 'detached', timeout: 10_000 });

      await page.keyboard.press('Control+k');
      await palette.getByRole('combobox').fill('inbo');
      await palette.getByRole('option', { name: 'Inbounds' }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/inbounds');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
