import { join } from 'node:path';
import { storeHealth, storeHealthText } from '@waybill/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

let stack: Stack;
let page: Page;

// 300 stores: enough connected busy stores for a few to have fallen or stopped.
useSignedInBrowser({ data: { stores: 300 }, context: { viewport: { width: 1280, height: 900 } } }, (made) => {
  ({ stack, page } = made);
});

/** What the backend's data says, judged by the store health rule: connected stores needing attention. */
function expectedAttention(): Map<string, string> {
  const day = 86_400_000;
  const today = Math.floor(stack.sim.store.options.epoch / day) * day;
  const flagged = new Map<string, string>();
  for (const store of stack.sim.store.stores) {
    if (store.status !== 'installed') continue;
    const counts = store.history.slice(-36);
    const startDate = new Date(today - (counts.length - 1) * day).toISOString().slice(0, 10);
    const health = storeHealth({ startDate, counts }, Date.now());
    if (health.needsAttention) flagged.set(store.name, storeHealthText(health));
  }
  return flagged;
}

describe('store health on the clients screen', () => {
  it('counts the stores needing attention, lists them, and gives each reason on hover and focus', async () => {
    const expected = expectedAttention();
    expect(expected.size).toBeGreaterThan(0);

    await page.goto(`${stack.baseUrl}/clients`);
    const card = page.getByTestId('attention-card');
    await expect
      .poll(async () => (await card.textContent())?.trim(), { timeout: 30_000 })
      .toBe(`Needs attention${expected.size}`);
    await card.click();
    await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('attention')).toBe('1');

    const rows = page.getByTestId('store-row');
    await expect
      .poll(() => page.getByTestId('store-count').textContent(), { timeout: 30_000 })
      .toBe(`${expected.size} store displayed`);
    // The table is virtualised: the rows on screen, each one flagged.
    const rendered = await rows.count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(expected.size);
    expect(await rows.getByTestId('health-badge').count()).toBe(rendered);

    // Each row's reason is the rule's, in words ("orders −64 % vs 4-week average").
    for (let i = 0; i < rendered; i++) {
      const row = rows.nth(i);
      const name = await row.getByTestId('store-name').textContent();
      const reason = [...expected].find(([full]) => full.includes(name ?? '\u0000'))?.[1];
      expect(reason, `${name}`).toMatch(/^(no orders for \d+ days|orders −\d+ % vs 4-week average)/);
      expect(await row.getByTestId('health-badge').textContent()).toBe(`Needs attention: ${reason}`);
    }

    const badge = rows.first().getByTestId('health-badge');
    const firstName = await rows.first().getByTestId('store-name').textContent();
    const firstReason = [...expected].find(([full]) => full.includes(firstName ?? '\u0000'))?.[1];
    await badge.hover();
    const tooltip = page.getByTestId('health-tooltip');
    await tooltip.waitFor({ timeout: 10_000 });
    expect(await tooltip.textContent()).toBe(firstReason);
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached', timeout: 10_000 });
    await page.mouse.move(0, 0);
    await badge.focus();
    await tooltip.waitFor({ timeout: 10_000 });
    // The whole page with the tooltip open: it opens inside main, so axe's region rule holds too.
    expect(await tooltip.evaluate((t) => t.closest('main') !== null)).toBe(true);
    expect(await axeViolations(page, 'body')).toEqual([]);

    const screens = process.env.E2E_SCREENS_DIR;
    if (screens) await page.screenshot({ path: join(screens, 'clients-needs-attention-1280.png') });

    // Off again: the whole list, where a flagged store found by name still carries its badge.
    await card.click();
    await expect.poll(() => card.getAttribute('aria-pressed')).toBe('false');
    expect(new URL(page.url()).searchParams.get('attention')).toBeNull();
    await page.getByLabel('Search stores by name').fill(firstName ?? '');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect
      .poll(
        () =>
          rows
            .filter({ hasText: firstName ?? '' })
            .getByTestId('health-badge')
            .count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
  });

  it('shows couriers as their marks, falling back to the name chip, in rows and in the courier filter', async () => {
    await page.goto(`${stack.baseUrl}/clients`);
    const rows = page.getByTestId('store-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(5);
    const marks = page.getByTestId('stores-table').getByTestId('courier-mark');
    await expect.poll(() => marks.count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // Every courier in a couriers cell is a drawn mark with its name as tooltip, or the text chip of
    // a courier without one (the manually added unknown courier).
    const shown = await page
      .getByTestId('stores-table')
      .locator('[data-logo]')
      .evaluateAll((els) =>
        els.map((el) => ({
          logo: el.getAttribute('data-logo'),
          svg: el.querySelector('svg') !== null,
          title: el.getAttribute('title'),
        })),
      );
    expect(shown.length).toBeGreaterThan(0);
    for (const logo of shown) {
      if (logo.svg) expect(logo.title, `${logo.logo}`).toBeTruthy();
      else expect(logo.logo).toBe('unknown');
    }
    expect(await axeViolations(page, '[data-testid="stores-table"]')).toEqual([]);

    // The courier filter shows the marks beside the names.
    await page.getByTestId('filter-courier').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expect.poll(() => menu.getByTestId('courier-mark').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  });
});
