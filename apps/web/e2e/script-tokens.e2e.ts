import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedClient, run } from '../../../packages/client/scripts/packed-install.mjs';
import { axeViolations } from './axe.js';
import type { Stack } from './harness.js';
import { useSignedInBrowser } from './signed-in-browser.js';

let stack: Stack;
let page: Page;
let installed: Awaited<ReturnType<typeof installPackedClient>>;

// As a script developer gets it: the tarball installed with plain npm outside the repository.
beforeAll(async () => {
  installed = await installPackedClient();
}, 240_000);
afterAll(async () => {
  await installed?.remove();
});

useSignedInBrowser(
  { env: { LOG_LEVEL: 'error' }, permissions: ['clipboard-read', 'clipboard-write'] },
  (made) => {
    ({ stack, page } = made);
  },
);

/** The `waybill` command of the packed client package installed with npm, with only the environment given. */
function waybill(args: string[], env: Record<string, string>) {
  return run(path.join(installed.consumer, 'node_modules/.bin/waybill'), args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
}

describe('script tokens on the /me page', () => {
  it('makes a token shown once with a copy button, which the waybill command then uses; revoking ends it', async () => {
    await page.goto(`${stack.baseUrl}/me`);
    const section = page.getByRole('region', { name: 'Script tokens' });
    await section.getByText('No script tokens yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await section.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New script token' });
    await dialog.getByRole('button', { name: 'CREATE' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Name: give the token a name');
    await dialog.getByLabel('Name').fill('nightly report');
    await dialog.getByRole('button', { name: 'CREATE' }).click();

    const created = page.getByRole('dialog', { name: 'Your new script token' });
    const value = (await created.getByTestId('script-token-value').textContent()) ?? '';
    expect(value).toMatch(/^wbs_[A-Za-z0-9_-]{43}$/);
    expect(await axeViolations(page)).toEqual([]);
    await created.getByRole('button', { name: 'Copy the token' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await created.getByRole('button', { name: 'DONE' }).click();
    await created.waitFor({ state: 'detached' });

    // Listed by name, never shown again.
    const table = section.getByTestId('script-tokens');
    await table.getByRole('cell', { name: 'nightly report', exact: true }).waitFor();
    expect(await page.content()).not.toContain(value);

    const config = await mkdtemp(path.join(tmpdir(), 'waybill-e2e-config-'));
    try {
      const env = { WAYBILL_URL: stack.baseUrl, WAYBILL_TOKEN: value, XDG_CONFIG_HOME: config };
      const search = await waybill(['orders', 'search', '--limit', '2', '--fields', 'uid'], env);
      expect(search.stderr).toBe('');
      expect(search.code).toBe(0);
      expect(JSON.parse(search.stdout)).toHaveLength(2);

      // Its use shows as "last used" (written just after the call: a reload may come first).
      const row = section.getByRole('row', { name: /nightly report/ });
      await expect
        .poll(async () => {
          await page.reload();
          return (await row.getByRole('cell').nth(2).textContent()) ?? '';
        })
        .not.toBe('Never');

      await row.getByRole('button', { name: 'Revoke nightly report' }).click();
      // Asked first: every script using it stops, for good.
      const confirm = page.getByRole('dialog', { name: 'Revoke "nightly report"?' });
      await confirm.waitFor();
      expect(await axeViolations(page, '[data-testid="revoke-token"]')).toEqual([]);
      await confirm.getByRole('button', { name: 'Revoke token' }).click();
      await section.getByText('No script tokens yet.').waitFor();
      const after = await waybill(['orders', 'search', '--limit', '1'], env);
      expect(after.code).toBe(3);
      expect(after.stderr).toMatch(/^waybill: Not signed in: /);
    } finally {
      await rm(config, { recursive: true, force: true });
    }
  });
});
