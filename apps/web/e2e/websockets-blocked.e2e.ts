import { BACKEND_ROUTES } from '@waybill/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { problemsAtSizes } from './fits-view.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

// A network that lets HTTP through but not websockets: the console's socket opens (a proxy answers
// the upgrade) and nothing comes back. Each list must say so, show the rows it read, and read again.

let stack: Stack;
let context: BrowserContext;
let page: Page;

useSignedInBrowser({ env: { LOG_LEVEL: 'error' } }, (made) => {
  ({ stack, context, page } = made);
});

beforeAll(async () => {
  // Never connected to the gateway: the page's socket is open and silent.
  await context.routeWebSocket(/\/trpc/, () => {});
});

const banner = () => page.getByTestId('live-blocked');
/** The banner fits every checked size and passes axe. */
async function fitsEverywhere(): Promise<void> {
  expect(await problemsAtSizes(page, { width: 1280, height: 800 })).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
}

describe('lists with websockets blocked on the way', () => {
  it('the order list says so, shows the rows it read, and Refresh brings a change', async () => {
    await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5`);
    await banner().waitFor({ timeout: 30_000 });
    expect(await banner().textContent()).toMatch(
      /^Live updates cannot reach this browser \(its network blocks them\) — data from .+ ago, read again every 30 seconds/,
    );
    // One order, by its reference, so the change cannot move it out of the rows shown.
    const first = page.getByTestId('order-row').first();
    const label = await first
      .getByRole('button', { name: /^Copy order reference / })
      .getAttribute('aria-label');
    const reference = (label ?? '').replace('Copy order reference ', '');
    await page.goto(`${stack.baseUrl}/realtime?prio=0,1,2,3,4,5&q=${encodeURIComponent(reference)}`);
    await banner().waitFor({ timeout: 30_000 });
    const row = page.getByTestId('order-row').first();
    const uid = (await row.getAttribute('data-uid')) ?? '';
    const now = (await row.getByTestId('order-status').textContent()) ?? '';
    const next = now.startsWith('Out for Delivery')
      ? { status: 'shipping_in_transit', label: 'In Transit' }
      : { status: 'shipping_out_for_delivery', label: 'Out for Delivery' };
    stack.sim.control.changeOrder(uid, { status: next.status });
    await banner().getByRole('button', { name: 'Refresh' }).click();
    const status = page.locator(`[data-testid=order-row][data-uid="${uid}"] [data-testid=order-status]`);
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(new RegExp(`^${next.label}`));
    await fitsEverywhere();
  });

  for (const [path, rowId, route] of [
    ['/inbounds', 'inbound-row', 'inbounds.search'],
    ['/clients', 'store-row', 'analytics.search'],
  ] as const) {
    it(`${path} says so, shows the rows it read, and Refresh reads them again`, async () => {
      await page.goto(`${stack.baseUrl}${path}`);
      await banner().waitFor({ timeout: 30_000 });
      // The banner may come before the first search's answer: wait for the rows it read.
      await page.getByTestId(rowId).first().waitFor({ timeout: 30_000 });
      const reads = () => stack.sim.control.callCounts()[BACKEND_ROUTES[route].path] ?? 0;
      const before = reads();
      await banner().getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(reads, { timeout: 10_000 }).toBeGreaterThan(before);
      await fitsEverywhere();
    });
  }
});
