import { BACKEND_ROUTES } from '@waybill/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

// Timed lists (inbounds, clients) refresh every 300 ms here, so a pause shows within a second.
const REFRESH_MS = 300;

let stack: Stack;
let page: Page;

useSignedInBrowser(
  {
    env: { LIST_REFRESH_MS: String(REFRESH_MS), LOG_LEVEL: 'error' },
    context: { viewport: { width: 1400, height: 900 } },
  },
  (made) => {
    ({ stack, page } = made);
  },
);

describe('live-list health in the browser', () => {
  it('says live updates are paused while refreshes fail, keeps the rows, and clears it on recovery', async () => {
    await page.goto(`${stack.baseUrl}/inbounds`);
    const rows = page.getByTestId('inbound-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // Scroll as a user would until every page is loaded (the footer shows), so the row count holds still.
    const footer = page.getByTestId('list-footer');
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return footer.count();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(1);
    // The table says how many rows the list holds (only those near the viewport are in the DOM).
    const table = page.getByTestId('inbounds-table');
    const held = async () => ({
      count: await table.getAttribute('aria-rowcount'),
      // The first row in view, where it stands: the rows rendered past the viewport's edge are not
      // what the user sees, and they move with the window's scroll position.
      inView: await page.evaluate(() => {
        const row = [...document.querySelectorAll('[data-testid="inbound-row"]')].find(
          (r) => r.getBoundingClientRect().bottom > 0,
        );
        return { uid: row?.getAttribute('data-uid'), top: Math.round(row?.getBoundingClientRect().top ?? 0) };
      }),
    });
    const same = (a: Awaited<ReturnType<typeof held>>, b: typeof a) =>
      a.count === b.count && a.inView.uid === b.inView.uid && Math.abs(a.inView.top - b.inView.top) <= 2;
    const before = await held();
    const banner = page.getByTestId('live-paused');
    expect(await banner.count()).toBe(0);

    stack.sim.control.setFault({ kind: 'down', paths: [BACKEND_ROUTES['inbounds.search'].path] });
    try {
      await banner.waitFor({ timeout: 10_000 });
      expect(await banner.getAttribute('role')).toBe('status');
      expect(await banner.textContent()).toMatch(
        /^Live updates paused — data from \d+ seconds? ago; retrying$/,
      );
      const during = await held();
      expect(same(during, before), JSON.stringify({ during, before })).toBe(true);
    } finally {
      stack.sim.control.setFault(null);
    }
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
    // The refresh that ended the pause brings the same rows again: they are on screen once the table
    // is no longer busy, and the window under the scrolled page has settled where it was.
    await table.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 10_000 });
    await expect.poll(async () => same(await held(), before), { timeout: 10_000 }).toBe(true);
  });

  it('goes to sign-in when the session dies under a live list', async () => {
    await page.goto(`${stack.baseUrl}/inbounds`);
    await expect.poll(() => page.getByTestId('inbound-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // The backend forgets the user's tokens (as after a restart); the next timed refresh is refused.
    const me = stack.sim.store.users.find((u) => u.email === 'ops@example.com');
    expect(me).toBeDefined();
    for (const [token, uid] of stack.sim.store.tokens)
      if (uid === me?.uid) stack.sim.store.tokens.delete(token);
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor();
  });
});
