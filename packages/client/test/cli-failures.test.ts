/**
 * `waybill` when the gateway, or the reader of its output, lets it down: every case ends with one
 * line on stderr and the documented exit code, never a stack and never a wait without end.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSession } from '../src/cli/config-file.js';
import { cliEnv, type Stack, startStack, waybill, waybillIntoClosedPipe } from './cli-stack.js';
import {
  closedUrl,
  type FakeGateway,
  htmlProxy,
  otherJsonServer,
  refusingSockets,
  silentGateway,
} from './fake-gateways.js';

let stack: Stack;
let config: string;
let token: string;
const fakes: FakeGateway[] = [];

beforeAll(async () => {
  stack = await startStack();
  token = await stack.token();
  config = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
}, 60_000);

afterAll(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  await stack?.close();
  if (config) await rm(config, { recursive: true, force: true });
});

async function fake(start: () => Promise<FakeGateway>): Promise<string> {
  const started = await start();
  fakes.push(started);
  return started.url;
}

// Each case starts Node with tsx once or more: seconds on a busy machine.
describe('waybill when things go wrong', { timeout: 60_000 }, () => {
  it('exits quietly, without a stack, when the reader closes the pipe (`| head -1`)', async () => {
    const env = cliEnv(config, { WAYBILL_URL: stack.url, WAYBILL_TOKEN: token });
    const result = await waybillIntoClosedPipe(['orders', 'search', '--limit', '100'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('gives up on a gateway that never answers after WAYBILL_TIMEOUT, with exit 5', async () => {
    const silent = await fake(silentGateway);
    const env = cliEnv(config, { WAYBILL_URL: silent, WAYBILL_TOKEN: 'wbs_any', WAYBILL_TIMEOUT: '0.5' });
    for (const args of [
      ['orders', 'search'],
      ['clients', 'health'],
      ['login', '--email', 'ops@example.com', '--password', 'x'],
    ]) {
      const result = await waybill(args, env);
      expect(result.stderr, args.join(' ')).toBe(
        `waybill: The gateway at ${silent} did not answer within 0.5 s\n`,
      );
      expect(result.code).toBe(5);
    }
  });

  it('refuses a WAYBILL_TIMEOUT that is not a number of seconds', async () => {
    const result = await waybill(
      ['orders', 'search'],
      cliEnv(config, { WAYBILL_URL: stack.url, WAYBILL_TOKEN: token, WAYBILL_TIMEOUT: '30s' }),
    );
    expect(result.stderr).toBe('waybill: WAYBILL_TIMEOUT must be a number of seconds above 0 (got "30s")\n');
    expect(result.code).toBe(2);
  });

  it('refuses a WAYBILL_TIMEOUT above an hour, naming the variable, before calling anything', async () => {
    for (const seconds of ['3000000', '99999999999']) {
      const result = await waybill(
        ['orders', 'search'],
        cliEnv(config, { WAYBILL_URL: await closedUrl(), WAYBILL_TOKEN: token, WAYBILL_TIMEOUT: seconds }),
      );
      expect(result.stderr).toBe(
        `waybill: WAYBILL_TIMEOUT must be at most 3600 seconds (got "${seconds}")\n`,
      );
      expect(result.code).toBe(2);
    }
  });

  it('refuses a gateway URL that is no address, given or stored, naming it; takes HTTP:// as http://', async () => {
    const bad = 'http://127.0.0.1:99999';
    const given = await waybill(['orders', 'search', '--url', bad, '--token', token], cliEnv(config));
    expect(given.stderr).toBe(
      `waybill: The gateway URL is not a valid address (got "${bad}"): check its host and port\n`,
    );
    expect(given.code).toBe(2);
    const own = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
    try {
      const file = path.join(own, 'waybill/config.json');
      await saveSession({ url: bad, token }, file);
      const stored = await waybill(['orders', 'search'], cliEnv(own));
      expect(stored.stderr).toBe(
        `waybill: The gateway URL stored in ${file} is not a valid address (got "${bad}"): check its host and port\n`,
      );
      expect(stored.code).toBe(2);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
    const upper = stack.url.replace('http://', 'HTTP://');
    const shouted = await waybill(
      ['orders', 'search', '--limit', '1', '--url', upper, '--token', token],
      cliEnv(config),
    );
    expect(shouted.stderr).toBe('');
    expect(shouted.code).toBe(0);
  });

  it("gives the gateway's words when it refuses the websocket with 429: a limit, not a network fault", async () => {
    const words = 'Too many websockets for this session (max 3, WS_MAX_PER_USER)';
    const refusing = await fake(() => refusingSockets(words));
    const result = await waybill(
      ['orders', 'watch', '--url', refusing, '--token', 'wbs_any'],
      cliEnv(config),
    );
    expect(result.stderr).toBe(
      `waybill: The gateway refused the live connection: ${words}. That is a limit of the gateway, not a network fault: close another watch, export or console tab using this token, or try again later\n`,
    );
    expect(result.code).toBe(5);
  });

  it('orders watch says it cannot reach a gateway that never gives it orders, with exit 5', async () => {
    const nothing = await closedUrl();
    const silent = await fake(silentGateway);
    for (const url of [nothing, silent]) {
      const result = await waybill(
        ['orders', 'watch', '--url', url, '--token', 'wbs_any'],
        cliEnv(config, { WAYBILL_TIMEOUT: '0.5' }),
      );
      expect(result.stderr).toBe(
        `waybill: Cannot reach the gateway at ${url}: no orders from it within 0.5 s\n`,
      );
      expect(result.code).toBe(5);
    }
  });

  it('names the gateway --url or WAYBILL_URL chose, and never sends the stored token there', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
    try {
      const file = path.join(own, 'waybill/config.json');
      await saveSession({ url: stack.url, token }, file);
      const down = await closedUrl();
      const refused = `waybill: The stored session is for ${stack.url}, not ${down}: run \`waybill login --url ${down}\`, or give --token or WAYBILL_TOKEN\n`;
      const byFlag = await waybill(['orders', 'search', '--url', down], cliEnv(own));
      expect(byFlag.stderr).toBe(refused);
      expect(byFlag.code).toBe(3);
      const byEnv = await waybill(['clients', 'health'], cliEnv(own, { WAYBILL_URL: down }));
      expect(byEnv.stderr).toBe(refused);
      expect(byEnv.code).toBe(3);
      // A bare logout aimed elsewhere ends nothing and keeps the stored session.
      const logout = await waybill(['logout'], cliEnv(own, { WAYBILL_URL: down }));
      expect(logout.stderr).toBe(refused);
      expect(logout.code).toBe(3);
      expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ url: stack.url, token });
      // With a token given, the chosen gateway is the one named in the error.
      const given = await waybill(['orders', 'search', '--url', down, '--token', token], cliEnv(own));
      expect(given.stderr).toBe(`waybill: Cannot reach the gateway at ${down} (ECONNREFUSED)\n`);
      expect(given.code).toBe(5);
      // The stored gateway with a trailing slash is the same one.
      const same = await waybill(['clients', 'health'], cliEnv(own, { WAYBILL_URL: `${stack.url}/` }));
      expect(same.stderr).toBe('');
      expect(same.code).not.toBe(3);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it("reports a proxy's HTML 502 as an answer that is not the gateway's, naming its status", async () => {
    const proxy = await fake(htmlProxy);
    const result = await waybill(['orders', 'search', '--url', proxy, '--token', 'wbs_any'], cliEnv(config));
    expect(result.stderr).toBe(
      `waybill: ${proxy} answered HTTP 502 Bad Gateway with text/html, not the Waybill gateway's JSON (a proxy in front of a gateway that is down, or the wrong URL?)\n`,
    );
    expect(result.code).toBe(5);
  });

  it("says another server's JSON is not a gateway, naming its status, instead of calling the gateway unreachable", async () => {
    // The backend's own address (4000 for 3000, say) is the likeliest wrong URL: its 404 has an `error`.
    for (const other of [await fake(otherJsonServer), stack.sim.url]) {
      const result = await waybill(
        ['orders', 'search', '--url', other, '--token', 'wbs_any'],
        cliEnv(config),
      );
      expect(result.stderr).toBe(
        `waybill: ${other} is not a Waybill gateway: it answered HTTP 404 Not Found with application/json (check the URL)\n`,
      );
      expect(result.code).toBe(1);
    }
  });
});
