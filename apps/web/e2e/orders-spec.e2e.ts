import { readFile } from 'node:fs/promises';
import type { SimStore } from '@waybill/backend-sim';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { signInContext } from './harness.js';
import { type SignedInBrowser, useSignedInBrowser } from './signed-in-browser.js';

// What the orders screens promise, walked in Chromium against the gateway and backend-sim: labels
// after a reissue, the late icon of an overdue snooze, a capped list's footer, the detail's actions,
// status dates, unread counts, the backend's box limit, runtime settings and one h1 per screen.

type SimOrder = NonNullable<ReturnType<SimStore['orders']['get']>>;

let s: SignedInBrowser;
useSignedInBrowser(
  {
    // A small cap so the list stops short of the default filter's matches (600 orders in the sim).
    env: { LIST_MAX_LOADED_ROWS: '60', ADVANCED_COMMENT_USERS: 'ops@example.com', REISSUE_MAX_PARCELS: '99' },
    context: { viewport: { width: 1440, height: 900 } },
  },
  (made) => {
    s = made;
  },
);

const page = (): Page => s.page;
const simOrders = (): SimOrder[] => [...s.stack.sim.store.orders.values()];
const detail = () => page().getByTestId('order-detail');
const rowOf = (uid: string) => page().locator(`[data-testid=order-row][data-uid="${uid}"]`);
const LABEL_STATUSES = ['ready_for_picking', 'in_picking', 'waiting_for_courier'];

/** An order of the default list (priority 0-3, no snooze) not used by another test here. */
const used = new Set<string>();
function pick(predicate: (o: SimOrder) => boolean): SimOrder {
  const found = simOrders().find(
    (o) =>
      !used.has(o.uid) &&
      o.managed_by === 'waybill' &&
      o.reference !== null &&
      o.display_priority <= 3 &&
      o.comments.every((c) => !c.snooze.active) &&
      predicate(o),
  );
  if (!found) throw new Error('the sim has no order for this test');
  used.add(found.uid);
  return found;
}

function reissuable(o: SimOrder): boolean {
  const center = s.stack.sim.store.fulfillmentCenters.find((c) => c.uid === o.fulfillment_center_uid);
  return (
    LABEL_STATUSES.includes(o.status) &&
    center?.requiresLabel === true &&
    o.fulfillmentOrders.some((f) => f.unique_key) &&
    o.labels.some((shipment) => shipment.some(Boolean))
  );
}

/** The list searched for one order; resolves once its row shows. */
async function showRow(order: SimOrder): Promise<void> {
  await page().goto(`${s.stack.baseUrl}/realtime?q=${encodeURIComponent(order.reference ?? '')}`);
  await rowOf(order.uid).waitFor({ timeout: 30_000 });
}

async function openDetail(order: SimOrder): Promise<void> {
  await page().goto(`${s.stack.baseUrl}/realtime/order?uid=${encodeURIComponent(order.uid)}`);
  await detail().getByTestId('order-detail-header').waitFor({ timeout: 30_000 });
}

async function detailMenu(item: string): Promise<void> {
  await detail().getByTestId('order-detail-header').getByRole('button', { name: 'Order Options' }).click();
  await page().getByRole('menuitem', { name: item }).click();
}

const pad = (n: number) => String(n).padStart(2, '0');

describe('orders spec in Chromium', () => {
  it('the detail: external link, Reissue AWB (limit named) and every label with box numbers; the row links the current one', async () => {
    const order = pick(reissuable);
    order.externalLink = 'https://shop.example.com/admin/orders/4711';
    await openDetail(order);
    const shop = detail().getByRole('link', { name: 'Open in shop' });
    expect(await shop.getAttribute('href')).toBe('https://shop.example.com/admin/orders/4711');

    await detailMenu('Reissue AWB');
    const modal = page().getByTestId('modal-reissueAwb');
    await modal.getByTestId('order-summary').waitFor();
    expect(await modal.getByTestId('order-summary').textContent()).toContain(order.reference!.slice(0, 10));
    // Above the backend's limit: the limit is named and nothing is sent.
    await modal.getByLabel('Number of boxes').fill('150');
    expect(await modal.textContent()).toContain('At most 99 boxes can be reissued at once.');
    expect(await modal.getByRole('button', { name: 'CONFIRM' }).isDisabled()).toBe(true);
    await modal.getByLabel('Number of boxes').fill('3');
    await modal.getByRole('button', { name: 'CONFIRM' }).click();
    await modal.waitFor({ state: 'detached', timeout: 20_000 });

    // Every label of every shipment, the new three current.
    const labels = detail().getByTestId('order-label');
    await page().waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid=order-label][data-current]')].filter((li) =>
          /box \d of 3$/.test(li.querySelector('a')?.getAttribute('aria-label') ?? ''),
        ).length === 3,
      undefined,
      { timeout: 20_000 },
    );
    const names = await labels
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')));
    expect(names.filter((n) => n?.endsWith('superseded')).length).toBeGreaterThan(0);
    expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/box 3 of 3$/)]));

    // The row's PDF saves the current label, not the superseded first one, through the gateway.
    await showRow(order);
    const pdf = rowOf(order.uid).getByRole('link', { name: 'PDF shipping label' });
    expect(new URL((await pdf.getAttribute('href')) ?? '', s.stack.baseUrl).origin).toBe(s.stack.baseUrl);
    const [download] = await Promise.all([page().waitForEvent('download'), pdf.click()]);
    expect(download.suggestedFilename()).toMatch(/^label-.+-\d+-1\.pdf$/);
    const text = (await readFile((await download.path())!)).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain(order.tracking ?? 'no tracking');
    expect(text).not.toContain('superseded');
  });

  it('a date modal opened from the detail shows the order summary and takes no day after today; today is not in the future', async () => {
    const order = pick((o) => ['ready_for_picking', 'in_picking'].includes(o.status));
    await openDetail(order);
    await detailMenu('Mark as Lost');
    const modal = page().getByTestId('detail-status-modal');
    const summary = modal.getByTestId('order-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/Merchant.*Warehouse.*Status.*Courier/);

    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    await modal.getByLabel('Day').fill(pad(tomorrow.getDate()));
    await modal.getByLabel('Month').fill(pad(tomorrow.getMonth() + 1));
    await modal.getByLabel('Year').fill(String(tomorrow.getFullYear()));
    await modal.getByRole('alert').waitFor();
    expect(await modal.getByRole('button', { name: 'SAVE CHANGES' }).isDisabled()).toBe(true);

    const today = new Date();
    await modal.getByLabel('Day').fill(pad(today.getDate()));
    await modal.getByLabel('Month').fill(pad(today.getMonth() + 1));
    await modal.getByLabel('Year').fill(String(today.getFullYear()));
    await modal.getByRole('button', { name: 'SAVE CHANGES' }).click();
    await modal.waitFor({ state: 'detached', timeout: 20_000 });
    const body = s.stack.sim.control.lastBody('/orders/change_status') as {
      order_uid: string;
      happened_at: string;
    };
    expect(body.order_uid).toBe(order.uid);
    expect(Date.parse(body.happened_at)).toBeLessThanOrEqual(Date.now());
  });

  it('an overdue snooze shows the late icon in its row, as the detail says late', async () => {
    const order = pick((o) => o.comments.length === 0);
    const res = await s.context.request.post(`${s.stack.baseUrl}/trpc/orders.comments.add`, {
      data: {
        orderUid: order.uid,
        text: 'Waiting for the courier to call back',
        snooze: true,
        snoozeValue: 1,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    // Seven hours on: the snooze ended at its until.
    const store = s.stack.sim.store;
    store.mutateOrder(order, (o) => {
      const latest = o.comments[o.comments.length - 1]!;
      latest.snooze.untilMs = store.now() - 7 * 3_600_000;
      store.touch(o);
    });
    await showRow(order);
    await page().waitForFunction(
      (uid) =>
        document
          .querySelector(`[data-testid=order-row][data-uid="${uid}"] [data-testid=comment-overview]`)
          ?.getAttribute('data-icon') === 'late',
      order.uid,
      { timeout: 20_000 },
    );
  });

  it('a row’s "1 New" clears once its comment is seen, and stays cleared across the next live patch', async () => {
    const order = pick(
      (o) =>
        o.comments.length === 0 &&
        o.display_priority === 3 &&
        ['ready_for_picking', 'in_picking'].includes(o.status),
    );
    // Someone else comments: unread for the signed-in user.
    const other = await s.browser.newContext();
    await signInContext(other, s.stack.baseUrl, 'dev@example.com');
    const res = await other.request.post(`${s.stack.baseUrl}/trpc/orders.comments.add`, {
      data: { orderUid: order.uid, text: 'Shopper asked to change the address' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await other.close();

    await showRow(order);
    const overview = rowOf(order.uid).getByTestId('comment-overview');
    await overview.getByText('1 New').waitFor({ timeout: 20_000 });
    // Seen after 2 s on screen: the badge goes without a refresh of the list.
    await overview.getByText('1 New').waitFor({ state: 'detached', timeout: 20_000 });

    // A live patch of the same order (its status moves on) keeps it cleared.
    s.stack.sim.control.changeOrder(order.uid, { status: 'waiting_for_courier' });
    await page().waitForFunction(
      (uid) =>
        document
          .querySelector(`[data-testid=order-row][data-uid="${uid}"] [data-testid=order-status]`)
          ?.textContent?.startsWith('Waiting for Courier'),
      order.uid,
      { timeout: 20_000 },
    );
    expect(await overview.getByText('1 New').count()).toBe(0);
  });

  it('send-as and the invalid-address workflow follow the gateway’s runtime setting', async () => {
    const order = pick(() => true);
    await openDetail(order);
    await detail().getByRole('tab', { name: 'Comments' }).click();
    const box = detail().getByPlaceholder('Add new comment');
    if (!(await box.isVisible())) await detail().getByRole('button', { name: 'New comment' }).click();
    await detail().getByLabel('Send as').waitFor({ timeout: 20_000 });
  });

  it('a list capped short of its matches says how many match and offers ways to reach the rest', async () => {
    await page().goto(`${s.stack.baseUrl}/realtime`);
    await page().getByTestId('order-row').first().waitFor({ timeout: 30_000 });
    const notice = page().getByTestId('list-cap-notice');
    await page().waitForFunction(
      () => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.querySelector('[data-testid=list-cap-notice]') !== null;
      },
      undefined,
      { timeout: 60_000, polling: 250 },
    );
    expect(await notice.textContent()).toMatch(/^Showing the first 60 of \d+ matching orders\./);
    await notice.getByRole('button', { name: 'Search by reference' }).click();
    expect(await page().evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Search order reference',
    );

    // One click narrows to a choice whose orders all fit: the whole of it loads, no notice.
    const choice = notice.getByRole('button').nth(1);
    const count = Number(/\((\d[\d,]*)\)$/.exec((await choice.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
    expect(count).toBeGreaterThan(0);
    await choice.click();
    const footer = page().getByTestId('list-footer');
    await page().waitForFunction(
      (n) => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.querySelector('[data-testid=list-footer]')?.textContent?.startsWith(`${n} Order`);
      },
      count,
      { timeout: 60_000, polling: 250 },
    );
    expect(await footer.getByTestId('list-cap-notice').count()).toBe(0);
  });

  it('each screen has one h1 and passes axe’s default rules, page-level ones included', async () => {
    for (const path of ['/realtime', '/inbounds', '/clients', '/activity', '/me']) {
      await page().goto(`${s.stack.baseUrl}${path}`);
      await page().getByTestId('header-title').waitFor({ timeout: 30_000 });
      // Checked until the screen has loaded (skeletons and spinners come and go); the last finding shows on failure.
      await expect
        .poll(() => axeViolations(page()), { timeout: 60_000, interval: 1000, message: path })
        .toEqual([]);
      // The header's title (ADMIN / REALTIME) is the only h1, once the screen's own content is in.
      expect(await page().getByRole('heading', { level: 1 }).allTextContents(), path).toEqual([
        await page().getByTestId('header-title').textContent(),
      ]);
    }
  });
});
