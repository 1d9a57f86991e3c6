import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { problemsAtSizes } from './fits-view.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

// On a touch screen, with no Escape key: a tap outside an open menu closes it, and only that. The
// tap must not go on to the order or inbound under the finger.

let stack: Stack;
let page: Page;

useSignedInBrowser(
  {
    env: { LOG_LEVEL: 'error' },
    context: { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
  },
  (made) => {
    ({ stack, page } = made);
  },
);

/** An open menu or popover (a tooltip's content is never in state "open"). */
const openPopup = () => page.locator('[data-radix-popper-content-wrapper] > [data-state="open"]');

/**
 * Opens `menuButton`'s menu (or popover) by a tap, runs `whileOpen`, then taps `elsewhere`: the
 * popup closes, and the tap reaches nothing under the finger (the URL stays).
 */
async function tapOutsideMenu(
  menuButton: Locator,
  elsewhere: Locator,
  whileOpen?: () => Promise<void>,
): Promise<void> {
  const before = page.url();
  // Where the finger lands, found before the menu opens (then the page under it takes no pointer).
  const box = await elsewhere.boundingBox();
  if (!box) throw new Error('nothing to tap on');
  // Whether the tap's click reaches what lies under the finger (its dispatch is synchronous).
  await elsewhere.evaluate((el) => {
    const flag = window as unknown as { reached: boolean };
    flag.reached = false;
    el.addEventListener('click', () => {
      flag.reached = true;
    });
  });
  await menuButton.tap({ timeout: 10_000 });
  const menu = openPopup();
  await menu.waitFor();
  await whileOpen?.();
  // Resolves once the tap's click has been dispatched; listening before the tap, so it cannot miss it.
  await page.evaluate(() => {
    (window as unknown as { tapClicked: Promise<void> }).tapClicked = new Promise<void>((resolve) =>
      window.addEventListener('click', () => requestAnimationFrame(() => resolve()), {
        capture: true,
        once: true,
      }),
    );
  });
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => (window as unknown as { tapClicked: Promise<void> }).tapClicked);
  await menu.waitFor({ state: 'detached', timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { reached?: boolean }).reached ?? false)).toBe(
    false,
  );
  expect(page.url()).toBe(before);
}

/** axe (every default rule) finds nothing on the page with `what` open. */
const axeClean = (what: string) => async () => {
  expect(await axeViolations(page, 'body'), `${what} open`).toEqual([]);
};

/** Rests a finger on `target` until `shown` appears, then lifts it. */
async function longPress(target: Locator, shown: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press on');
  const cdp = await page.context().newCDPSession(page);
  const touchPoints = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints });
  await shown.waitFor();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Whether a finger landing 21 px above, below, left or right of `control`'s centre still hits it. */
async function fingerSized(control: Locator): Promise<boolean[]> {
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    return [
      [x, y - 21],
      [x, y + 21],
      [x - 21, y],
      [x + 21, y],
    ].map(([px, py]) => {
      const hit = document.elementFromPoint(px!, py!);
      // A tick's box is hit through its label.
      const target = el.closest('label') ?? el;
      return hit !== null && (hit === target || target.contains(hit));
    });
  });
}

describe('on a touch screen', () => {
  it('small controls (a row menu, a tick, the status groups, the bell) take a 44 px finger', async () => {
    await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5`);
    const row = page.getByTestId('order-row').nth(1);
    await row.waitFor({ timeout: 30_000 });
    const options = row.getByRole('button', { name: 'Order Options' });
    const box = (await options.boundingBox())!;
    // Drawn as small as with a mouse: only the tappable area grows.
    expect(box.height).toBeLessThan(44);
    expect(await fingerSized(options)).toEqual([true, true, true, true]);
    expect(await fingerSized(row.getByTestId('row-tick'))).toEqual([true, true, true, true]);
    const group = page.getByTestId('status-bar').getByRole('button').nth(1);
    expect((await fingerSized(group)).slice(0, 2)).toEqual([true, true]);
    expect(await fingerSized(page.getByTestId('notification-bell'))).toEqual([true, true, true, true]);
    expect(await problemsAtSizes(page, { width: 820, height: 1180 })).toEqual([]);
  });

  it('a long press on a status group shows its name without toggling it; a tap elsewhere closes it and does what it aims at', async () => {
    await page.goto(`${stack.baseUrl}/realtime`);
    const bar = page.getByTestId('status-bar');
    await bar.waitFor({ timeout: 30_000 });
    const groups = bar.getByRole('button');
    await expect.poll(() => groups.nth(1).isEnabled(), { timeout: 30_000 }).toBe(true);
    const group = groups.nth(1);
    const name = (await group.getAttribute('aria-label'))!.replace(/^[\d,.]+k? /, '');
    const before = page.url();
    const tooltip = page.getByRole('tooltip');
    await longPress(group, tooltip);
    expect(await tooltip.textContent()).toBe(name);
    expect(await group.getAttribute('aria-pressed')).toBe('false');
    expect(page.url()).toBe(before);
    expect(await problemsAtSizes(page, { width: 820, height: 1180 })).toEqual([]);
    expect(await axeViolations(page, 'body')).toEqual([]);

    // A tooltip is not a menu: the tap beside it toggles the group it lands on.
    const other = groups.nth(2);
    await other.tap();
    await tooltip.waitFor({ state: 'detached' });
    await expect.poll(() => other.getAttribute('aria-pressed')).toBe('true');
    expect(await group.getAttribute('aria-pressed')).toBe('false');
  });

  it("a tap on another order's link closes the row menu without opening that order; the next tap opens it", async () => {
    await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5`);
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(2);
    const link = rows.nth(2).getByTestId('comment-overview').getByRole('link');
    await tapOutsideMenu(
      rows.nth(0).getByRole('button', { name: 'Order Options' }),
      link,
      axeClean('row menu'),
    );
    await link.tap();
    await page.waitForURL(/\/realtime\/order\?uid=/);
  });

  it("a tap on another inbound's name closes the row menu without opening that inbound", async () => {
    await page.goto(`${stack.baseUrl}/inbounds`);
    const rows = page.getByTestId('inbound-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(2);
    await tapOutsideMenu(
      rows.nth(0).getByRole('button', { name: /^Actions for / }),
      rows.nth(2).getByRole('link').first(),
      axeClean('inbound row menu'),
    );
  });

  it('the filters, saved views, the account menu and the bell: open, 0 axe violations (no aria-hidden header or main); a tap on a header link closes each and goes nowhere', async () => {
    await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5`);
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 30_000 }).toBeGreaterThan(2);
    await page.getByTestId('status-bar').waitFor({ timeout: 30_000 });
    // A link of the header, away from every popup below the filters and the header's right end.
    const link = page.getByRole('banner').getByRole('link', { name: 'Inbounds' });
    const popups: [string, Locator][] = [
      ['warehouse filter', page.getByTestId('filter-warehouse')],
      ['merchant filter with its box', page.getByTestId('filter-merchant')],
      ['saved views', page.getByTestId('saved-views')],
      ['account menu', page.getByRole('button', { name: /^Account menu for / })],
      ['notification centre', page.getByTestId('notification-bell')],
    ];
    for (const [what, button] of popups) await tapOutsideMenu(button, link, axeClean(what));
    // The page under an open menu takes no touch: a tap on another menu's button (which opens as
    // the finger goes down) closes the open menu and opens nothing.
    await tapOutsideMenu(page.getByTestId('filter-warehouse'), popups[3]![1]);
    expect(await openPopup().count()).toBe(0);
  });

  it('a row ticked far down the list keeps the bulk bar and its actions on screen', async () => {
    await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5`);
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(10);
    // Far enough down that the list's top, where the bar used to be, is screens away.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = rows.last();
    await last.getByTestId('row-tick').tap();
    const bar = page.getByTestId('bulk-bar');
    await bar.waitFor();
    const box = (await bar.boundingBox())!;
    const height = page.viewportSize()!.height;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(await problemsAtSizes(page, { width: 820, height: 1180 })).toEqual([]);
    await bar.getByRole('button', { name: 'Clear selection' }).tap();
    await bar.waitFor({ state: 'detached' });
  });
});
