/**
 * `waybill inbounds export` when the gateway goes away, restarts, cuts the download or refuses the
 * websocket, against a real backend-sim + gateway. The gateway checks exports once a minute here, so
 * an export stays at 0 % for as long as a test needs it running.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWaybillClient } from '../src/index.js';
import { cliEnv, type Stack, startStack, startWaybill, waybill } from './cli-stack.js';
import { type FakeGateway, proxyTo } from './fake-gateways.js';

let stack: Stack;
let folder: string;
let receptions: string[];
const WAIT = { timeout: 30_000, interval: 50 };
/** How the drop came may be named (ECONNRESET, …), or not when the gateway closed the socket itself. */
const REASON = '(?: \\([A-Z_]+\\))?';

beforeAll(async () => {
  stack = await startStack({ gateway: { EXPORT_CHECK_MS: '60000', WS_MAX_PER_USER: '1' } });
  folder = await mkdtemp(path.join(tmpdir(), 'waybill-export-'));
  const client = createWaybillClient({ url: stack.url, token: await stack.token() });
  const { inventory_receipts } = await client.inbounds.search.query({ filter: { activeInbounds: 'all' } });
  receptions = inventory_receipts.map((i) => i.name);
}, 60_000);

afterAll(async () => {
  await stack?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function signedIn(extra: Record<string, string> = {}) {
  return cliEnv(folder, { WAYBILL_URL: stack.url, WAYBILL_TOKEN: await stack.token(), ...extra });
}

describe('waybill inbounds export when the gateway lets it down', { timeout: 60_000 }, () => {
  it('says it lost the gateway, then that the export was lost when the gateway came back without it, exit 5', async () => {
    const reception = receptions[0]!;
    const run = startWaybill(
      ['inbounds', 'export', reception, '--out', path.join(folder, 'a.xlsx')],
      await signedIn({ WAYBILL_TIMEOUT: '20' }),
    );
    try {
      await vi.waitFor(() => expect(run.stderr()).toContain(`${reception}: 0%\n`), WAIT);
      await stack.stopGateway();
      await vi.waitFor(() => expect(run.stderr()).toContain('waybill: lost the gateway'), WAIT);
      await stack.startGateway();
      expect(await run.exited).toBe(5);
    } finally {
      run.stop();
      await stack.startGateway();
    }
    expect(run.stderr()).toMatch(
      new RegExp(
        `^${reception}: 0%\\nwaybill: lost the gateway at ${stack.url}${REASON}: trying again for up to 20 s\\n` +
          'waybill: The export was lost \\(the gateway restarted\\?\\): run the command again\\n$',
      ),
    );
  });

  it('gives up with exit 5 once the gateway has been away for WAYBILL_TIMEOUT', async () => {
    const reception = receptions[1]!;
    const run = startWaybill(
      ['inbounds', 'export', reception, '--out', path.join(folder, 'b.xlsx')],
      // Short, yet long enough that no call before the gateway stops meets it on a busy machine.
      await signedIn({ WAYBILL_TIMEOUT: '5' }),
    );
    try {
      await vi.waitFor(() => expect(run.stderr()).toContain(`${reception}: 0%\n`), WAIT);
      await stack.stopGateway();
      expect(await run.exited).toBe(5);
    } finally {
      run.stop();
      await stack.startGateway();
    }
    expect(run.stderr()).toMatch(
      new RegExp(
        `^${reception}: 0%\\nwaybill: lost the gateway at ${stack.url}(${REASON}): trying again for up to 5 s\\n` +
          `waybill: Cannot reach the gateway at ${stack.url}\\1 for 5 s: the export did not finish; run the command again\\n$`,
      ),
    );
  });

  it('keeps the file there was and says the download broke when the connection is cut part-way', async () => {
    let proxy: FakeGateway | undefined;
    const file = path.join(folder, 'kept.xlsx');
    await writeFile(file, 'the export of last week');
    // Checked every 50 ms, an export is done in a moment.
    await stack.stopGateway();
    await stack.startGateway({ EXPORT_CHECK_MS: '50' });
    try {
      proxy = await proxyTo(stack.url, { cutDownloadsAfter: 2000 });
      const env = await signedIn({ WAYBILL_URL: proxy.url });
      const result = await waybill(['inbounds', 'export', receptions[2]!, '--out', file], env);
      expect(result.stderr).toMatch(
        new RegExp(
          `\\nwaybill: The download broke off after 2000 of \\d+ bytes \\(the connection was cut\\): ${file} was not touched; run the command again\\n$`,
        ),
      );
      expect(result.code).toBe(5);
    } finally {
      await proxy?.close();
      await stack.stopGateway();
      await stack.startGateway();
    }
    expect(await readFile(file, 'utf8')).toBe('the export of last week');
    expect(await readdir(folder)).not.toContainEqual(expect.stringMatching(/\.part$/));
  });

  it("names the gateway's limit when it refuses the websocket, not an unreachable gateway", async () => {
    const env = await signedIn();
    // One websocket per token is this gateway's limit: this one holds it.
    const holder = createWaybillClient({ url: stack.url, token: env.WAYBILL_TOKEN });
    const held = new Promise<void>((resolve) => {
      holder.orders.live.subscribe({ window: { skip: 0, limit: 1 } }, { onData: () => resolve() });
    });
    try {
      await held;
      const refusal =
        'waybill: The gateway refused the live connection: too many websockets for this session (max 1). ' +
        'That is a limit of the gateway, not a network fault: close another watch, export or console tab using this token, or try again later\n';
      const watch = await waybill(['orders', 'watch'], env);
      expect(watch.stderr).toBe(refusal);
      expect(watch.code).toBe(5);
      const exported = await waybill(
        ['inbounds', 'export', receptions[3]!, '--out', path.join(folder, 'd.xlsx')],
        env,
      );
      expect(exported.stderr).toBe(`${receptions[3]}: 0%\n${refusal}`);
      expect(exported.code).toBe(5);
    } finally {
      holder.close();
    }
  });
});
