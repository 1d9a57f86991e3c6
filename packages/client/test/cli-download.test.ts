/**
 * `waybill inbounds export`'s download, once the export is done, against a real backend-sim +
 * gateway (checking exports every 50 ms, so one is done in a moment) behind a proxy: a gateway under
 * a path, and a download refused or interrupted.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWaybillClient } from '../src/index.js';
import { cliEnv, type Stack, startStack, startWaybill, waybill } from './cli-stack.js';
import { type ProxyOptions, proxyTo } from './fake-gateways.js';

let stack: Stack;
let folder: string;
let reception: string;

beforeAll(async () => {
  stack = await startStack({ gateway: { EXPORT_CHECK_MS: '50' } });
  folder = await mkdtemp(path.join(tmpdir(), 'waybill-download-'));
  const client = createWaybillClient({ url: stack.url, token: await stack.token() });
  const { inventory_receipts } = await client.inbounds.search.query({ filter: { activeInbounds: 'all' } });
  reception = inventory_receipts[0]!.name;
}, 60_000);

afterAll(async () => {
  await stack?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Runs the export through a proxy, with the gateway `under` a path of it. */
async function exportThrough(options: ProxyOptions & { token?: string }, file: string, under = '') {
  const proxy = await proxyTo(stack.url, options);
  try {
    const env = cliEnv(folder, {
      WAYBILL_URL: `${proxy.url}${under}`,
      WAYBILL_TOKEN: options.token ?? (await stack.token()),
    });
    return await waybill(['inbounds', 'export', reception, '--out', path.join(folder, file)], env);
  } finally {
    await proxy.close();
  }
}

/** The last line of stderr, after the progress lines. */
const lastLine = (stderr: string) => stderr.trimEnd().split('\n').at(-1);

describe('waybill inbounds export downloading', { timeout: 60_000 }, () => {
  it('downloads from a gateway served under a path, keeping that path', async () => {
    const result = await exportThrough({ prefix: '/wb' }, 'under-path.xlsx', '/wb');
    expect(result.stderr).toMatch(new RegExp(`^(${reception}: \\d+%\\n)+$`));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      reception,
      file: path.join(folder, 'under-path.xlsx'),
    });
    // An .xlsx is a zip: it starts with PK.
    expect((await readFile(path.join(folder, 'under-path.xlsx'))).subarray(0, 2).toString()).toBe('PK');
  });

  it('says a proxy refusing the download is the gateway away, exit 5', async () => {
    const result = await exportThrough(
      { refuse: (requested) => (requested.startsWith('/exports/') ? 502 : undefined) },
      'proxied.xlsx',
    );
    expect(lastLine(result.stderr)).toBe(
      'waybill: The download was refused (502): Bad Gateway; run the command again',
    );
    expect(result.code).toBe(5);
  });

  it('says the session ended when it ended before the download, exit 3', async () => {
    const token = await stack.token();
    const signOut = async () => {
      await createWaybillClient({ url: stack.url, token }).auth.logout.mutate();
    };
    const result = await exportThrough({ token, beforeDownload: signOut }, 'signed-out.xlsx');
    expect(lastLine(result.stderr)).toBe(
      'waybill: The download was refused (401): Sign in first: the session has ended; sign in again (`waybill login`) and run the command again',
    );
    expect(result.code).toBe(3);
  });

  it('says the export was lost when the gateway restarted before the download, exit 5', async () => {
    const restart = async () => {
      await stack.stopGateway();
      await stack.startGateway();
    };
    const result = await exportThrough({ beforeDownload: restart }, 'restarted.xlsx');
    expect(lastLine(result.stderr)).toBe(
      'waybill: The export was lost (the gateway restarted?): run the command again',
    );
    expect(result.code).toBe(5);
    expect(await readdir(folder)).not.toContainEqual(expect.stringMatching(/\.part$/));
  });

  it('removes its temporary file when stopped by Ctrl-C or SIGTERM during the download, and ends by that signal', async () => {
    const proxy = await proxyTo(stack.url, { stallDownloadsAfter: 1000 });
    const file = path.join(folder, 'interrupted.xlsx');
    await writeFile(file, 'the export of last week');
    try {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        const env = cliEnv(folder, { WAYBILL_URL: proxy.url, WAYBILL_TOKEN: await stack.token() });
        const run = startWaybill(['inbounds', 'export', reception, '--out', file], env);
        const part = async () => (await readdir(folder)).find((name) => name.endsWith('.part'));
        // The first 1000 bytes are in the temporary file: the download is under way, and stalled.
        await vi.waitFor(
          async () => {
            const name = await part();
            expect(name && (await stat(path.join(folder, name))).size).toBe(1000);
          },
          { timeout: 30_000, interval: 50 },
        );
        run.stop(signal);
        expect(await run.exited).toBeNull();
        expect(run.signal()).toBe(signal);
        expect(await part()).toBeUndefined();
      }
    } finally {
      await proxy.close();
    }
    expect(await readFile(file, 'utf8')).toBe('the export of last week');
  });
});
