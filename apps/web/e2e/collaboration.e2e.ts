import { type Order, orderStatusLabel } from '@waybill/contracts';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { type Stack, signInContext, startStack } from './harness.js';

// Two staff in two browsers (the sim's demo users Olivia Ops and Dan Developer) on one order.
// The change poll runs once a minute here: what B sees sooner came through the own-write fast path.

let stack: Stack;
let browser: Browser;
let contextA: BrowserContext;
let contextB: BrowserContext;
let a: Page;
let b: Page;
let order: Order;
/** A second order, for the REVIEW case. */
let other: Order;

/** From A's answer to B's screen, printed for the report (`pnpm bench own-change` holds the bar). */
const figures: Record<string, number> = {};

const detail = (p: Page) => p.getByTestId('order-detail');
const pad = (n: number) => String(n).padStart(2, '0');

async function query<T>(context: BrowserContext, path: string, input: unknown): Promise<T> {
  const res = await context.request.get(
    `${stack.baseUrl}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
  );
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

async function openDetail(p: Page, uid = order.uid): Promise<void> {
  await p.goto(`${stack.baseUrl}/realtime/order?uid=${encodeURIComponent(uid)}&cached=true`);
  await detail(p).getByTestId('order-detail-header').waitFor({ timeout: 30_000 });
}

/** Opens the detail's status modal for `menuLabel` and types today's date. */
async function startStatusChange(p: Page, menuLabel: string): Promise<void> {
  await detail(p).getByRole('button', { name: 'Order Options' }).click();
  await p.getByRole('menuitem', { name: menuLabel }).click();
  const modal = p.getByTestId('detail-status-modal');
  await modal.waitFor();
  const today = new Date();
  await modal.getByLabel('Day').fill(pad(today.getDate()));
  await modal.getByLabel('Month').fill(pad(today.getMonth() + 1));
  await modal.getByLabel('Year').fill(String(today.getFullYear()));
}

/**
 * Runs `act` in A (which resolves once A's call answered) while waiting for `visible` in B, and
 * returns the order reads B's page asked for meanwhile: none, when the change reached B by push.
 * With the change poll a minute apart, B sees it in time only through that push.
 */
async function pushedToOtherScreen(
  name: string,
  act: () => Promise<void>,
  visible: () => Promise<unknown>,
): Promise<string[]> {
  const reads: string[] = [];
  const onRequest = (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && path.startsWith('/trpc/orders.')) reads.push(path);
  };
  b.on('request', onRequest);
  try {
    const clickedAt = Date.now();
    const seen = visible().then(() => Date.now());
    await act();
    const answeredAt = Date.now();
    const seenAt = await seen;
    // Negative when B's screen changed before A's answer reached this process: the gateway publishes
    // the change before it answers.
    figures[name] = seenAt - answeredAt;
    figures[`${name}_from_click`] = seenAt - clickedAt;
    return reads;
  } finally {
    b.off('request', onRequest);
  }
}

beforeAll(async () => {
  stack = await startStack({ CHANGE_POLL_MS: '60000' });
  browser = await launchBrowser();
  contextA = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contextB = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInContext(contextA, stack.baseUrl, 'ops@example.com');
  await signInContext(contextB, stack.baseUrl, 'dev@example.com');
  const { orders } = await query<{ orders: Order[] }>(contextA, 'orders.search', {});
  if (orders.length < 2) throw new Error('the sim lists fewer than two orders');
  // Both wait for the courier: 'Mark as In Transit' and 'Mark as Lost' are offered on them.
  [order, other] = orders
    .slice(0, 2)
    .map((o) => stack.sim.control.changeOrder(o.uid, { status: 'waiting_for_courier' })) as [Order, Order];
  a = await contextA.newPage();
  b = await contextB.newPage();
  await Promise.all([openDetail(a), openDetail(b)]);
}, 240_000);

afterAll(async () => {
  console.log('collaboration figures (ms from A’s answer to B’s screen):', JSON.stringify(figures));
  await browser?.close();
  await stack?.close();
});

describe('two staff on one order', () => {
  it("A's comment appears in B's open detail by push, with no re-read", async () => {
    const text = `On the phone with the courier (${Date.now()})`;
    await detail(b)
      .getByRole('tab', { name: /Comments/ })
      .click();
    const box = detail(a).getByPlaceholder('Add new comment');
    if (!(await box.isVisible())) await detail(a).getByRole('button', { name: 'New comment' }).click();
    await box.fill(text);
    const reads = await pushedToOtherScreen(
      'comment',
      async () => {
        const answered = a.waitForResponse((r) => r.url().includes('orders.comments.add') && r.ok());
        await detail(a).getByRole('button', { name: 'Add comment' }).click();
        await answered;
      },
      () => detail(b).getByTestId('comment-item').filter({ hasText: text }).waitFor({ timeout: 20_000 }),
    );
    expect(reads).toEqual([]);
  });

  it("A's status change appears in B's open detail by push, with no re-read", async () => {
    await startStatusChange(a, 'Mark as In Transit');
    const label = orderStatusLabel('shipping_in_transit');
    const reads = await pushedToOtherScreen(
      'status',
      async () => {
        const answered = a.waitForResponse((r) => r.url().includes('undo.changeStatus') && r.ok());
        await a.getByTestId('detail-status-modal').getByRole('button', { name: 'SAVE CHANGES' }).click();
        await answered;
      },
      () =>
        b.waitForFunction(
          (want) => document.querySelector('[data-testid=detail-status]')?.textContent?.includes(want),
          label,
          { timeout: 20_000, polling: 'raf' },
        ),
    );
    expect(reads).toEqual([]);
  });

  it('B, saving from a modal opened before A changed the order, is warned and can save anyway', async () => {
    await startStatusChange(b, 'Mark as Delivered');
    // A comments while B's modal is open (A's session, through the gateway): the order can still be
    // marked delivered, so B may save over it. (A change that rules B's action out, such as Lost,
    // turns SAVE off instead: the modal tests cover that.)
    const res = await contextA.request.post(`${stack.baseUrl}/trpc/orders.comments.add`, {
      data: { orderUid: order.uid, text: 'Courier says it is at the door' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const modal = b.getByTestId('detail-status-modal');
    await modal.getByRole('button', { name: 'SAVE CHANGES' }).click();
    const warning = modal.getByTestId('conflict-warning');
    await warning.waitFor({ timeout: 20_000 });
    expect(await warning.textContent()).toMatch(
      /^Changed by Olivia Ops (just now|\d+ seconds ago|1 minute ago): comment added/,
    );
    // Nothing was saved yet: B's choice comes first.
    const before = await query<{ order: Order }>(contextB, 'orders.detail', { uid: order.uid });
    expect(before.order.aggregated_status.key).not.toBe('shipping_delivered');

    await warning.getByRole('button', { name: 'SAVE ANYWAY' }).click();
    await modal.waitFor({ state: 'detached', timeout: 20_000 });
    const after = await query<{ order: Order }>(contextB, 'orders.detail', { uid: order.uid });
    expect(after.order.aggregated_status.key).toBe('shipping_delivered');
    await b.waitForFunction(
      (want) => document.querySelector('[data-testid=detail-status]')?.textContent?.includes(want),
      orderStatusLabel('shipping_delivered'),
      { timeout: 20_000 },
    );
  });

  it('REVIEW closes the modal without saving', async () => {
    await openDetail(b, other.uid);
    const seen = await query<{ order: Order }>(contextB, 'orders.detail', { uid: other.uid });
    await startStatusChange(b, 'Mark as In Transit');
    const res = await contextA.request.post(`${stack.baseUrl}/trpc/orders.comments.add`, {
      data: { orderUid: other.uid, text: 'Customer called back, parcel found' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const modal = b.getByTestId('detail-status-modal');
    await modal.getByRole('button', { name: 'SAVE CHANGES' }).click();
    const warning = modal.getByTestId('conflict-warning');
    await warning.waitFor({ timeout: 20_000 });
    expect(await warning.textContent()).toMatch(/^Changed by Olivia Ops (just now|.* ago): comment added/);
    await warning.getByRole('button', { name: 'REVIEW' }).click();
    await modal.waitFor({ state: 'detached', timeout: 20_000 });
    const after = await query<{ order: Order }>(contextB, 'orders.detail', { uid: other.uid });
    expect(after.order.aggregated_status.key).toBe(seen.order.aggregated_status.key);
  });

  it("B's modal says so when A's change rules its action out, keeps the date, and saves nothing", async () => {
    await startStatusChange(b, 'Mark as Lost');
    const modal = b.getByTestId('detail-status-modal');
    const res = await contextA.request.post(`${stack.baseUrl}/trpc/orders.changeStatus`, {
      data: { orderUid: other.uid, status: 'cancelled', happenedAt: new Date().toISOString() },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const unavailable = modal.getByTestId('action-unavailable');
    await unavailable.waitFor({ timeout: 20_000 });
    expect(await unavailable.textContent()).toBe(
      'Mark as Lost is no longer possible: the order is Canceled now.',
    );
    expect(await modal.getByRole('button', { name: 'SAVE CHANGES' }).isDisabled()).toBe(true);
    expect(await modal.getByLabel('Day').inputValue()).toBe(pad(new Date().getDate()));
    expect(await axeViolations(b, '[data-testid="detail-status-modal"]')).toEqual([]);
    await modal.getByRole('button', { name: 'CANCEL CHANGES' }).click();
    const after = await query<{ order: Order }>(contextB, 'orders.detail', { uid: other.uid });
    expect(after.order.aggregated_status.key).toBe('cancelled');
  });
});
