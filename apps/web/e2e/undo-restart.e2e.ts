import { type Order, STATUS_ACTIONS } from '@waybill/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { signInContext } from './harness.js';
import { type RestartableStack, startRestartableStack } from './restartable-stack.js';

// An Undo pressed while the gateway restarts (a deploy, a crash) still lands: the console keeps
// asking, and the gateway that starts holds what it finds a few seconds before sending it.

const WINDOW_MS = 10_000;
const LOST = STATUS_ACTIONS.find((s) => s.status === 'lost')!;
const pad = (n: number) => String(n).padStart(2, '0');

let stack: RestartableStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startRestartableStack({ UNDO_WINDOW_MS: String(WINDOW_MS), LOG_LEVEL: 'error' });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, stack.baseUrl, 'ops@example.com');
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('undo across a gateway restart', () => {
  it('an Undo pressed while the gateway is down is asked again until the restarted gateway takes it', {
    timeout: 120_000,
  }, async () => {
    const search = await page.request.get(
      `${stack.baseUrl}/trpc/orders.search?input=${encodeURIComponent('{}')}`,
    );
    const [listed] = ((await search.json()) as { result: { data: { orders: Order[] } } }).result.data.orders;
    const order = stack.sim.control.changeOrder(listed!.uid, { status: 'waiting_for_courier' }) as Order;
    // The order as backend-sim has it, over its own HTTP API (not through the gateway).
    const statusAtBackend = async () => {
      const res = await fetch(`${stack.sim.url}/orders/order/${encodeURIComponent(order.uid)}`, {
        headers: { authorization: 'Bearer dev-service-token' },
      });
      return ((await res.json()) as { data: { order: Order } }).data.order.aggregated_status.key;
    };

    await page.goto(`${stack.baseUrl}/realtime?status=waiting_for_courier&prio=0,1,2,3,4,5`);
    const row = page.locator(`[data-testid=order-row][data-uid="${order.uid}"]`);
    await row.getByRole('button', { name: 'Order Options' }).click({ timeout: 30_000 });
    await page.getByRole('menuitem', { name: LOST.menuLabel }).click();
    const dialog = page.getByRole('dialog', { name: LOST.title });
    const today = new Date();
    await dialog.getByLabel('Day').fill(pad(today.getDate()));
    await dialog.getByLabel('Month').fill(pad(today.getMonth() + 1));
    await dialog.getByLabel('Year').fill(String(today.getFullYear()));
    await dialog.getByRole('button', { name: 'SAVE CHANGES' }).click();
    const undo = page.getByTestId('toast-undo');
    await undo.waitFor({ timeout: 20_000 });

    await stack.stopGateway();
    await undo.click();
    await page.getByText(/^Undoing: /).waitFor({ timeout: 10_000 });
    await stack.startGateway();
    await page.getByText('Nothing was sent.', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('It could not be undone').count()).toBe(0);
    // Well past the window and the restarted gateway's grace, the backend still has the order as it was.
    const end = Date.now() + WINDOW_MS;
    await expect
      .poll(async () => Date.now() > end && (await statusAtBackend()), { timeout: 30_000 })
      .toBe('waiting_for_courier');
  });
});
