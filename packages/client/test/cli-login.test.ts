/** `waybill login` replacing a stored session, against a real backend-sim + gateway. */
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../src/cli/config-file.js';
import { cliEnv, consoleScriptToken, type Stack, startStack, waybill } from './cli-stack.js';
import { closedUrl, proxyTo } from './fake-gateways.js';

let stack: Stack;
let home: string;
let file: string;

beforeAll(async () => {
  stack = await startStack();
}, 60_000);

afterAll(async () => {
  await stack?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

beforeEach(async () => {
  if (home) await rm(home, { recursive: true, force: true });
  home = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
  file = path.join(home, 'waybill/config.json');
});

const login = (url: string) =>
  waybill(['login', '--url', url, '--email', 'ops@example.com', '--password', 'waybill-demo'], cliEnv(home));

const stored = async () => JSON.parse(await readFile(file, 'utf8')) as { url: string; token: string };

/** Whether the gateway still takes `token`. */
async function valid(token: string): Promise<boolean> {
  const answer = await fetch(`${stack.url}/trpc/users.me`, { headers: { authorization: `Bearer ${token}` } });
  return answer.ok;
}

describe('waybill login over a stored session', { timeout: 60_000 }, () => {
  it('ends the session it replaces at the same gateway', async () => {
    expect((await login(stack.url)).code).toBe(0);
    const first = (await stored()).token;
    const again = await login(stack.url);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const second = (await stored()).token;
    expect(second).not.toBe(first);
    expect(await valid(first)).toBe(false);
    expect(await valid(second)).toBe(true);
  });

  it("only replaces a stored script token, and sends no token to another gateway's address", async () => {
    const script = await consoleScriptToken(stack.url, 'login test');
    await saveSession({ url: stack.url, token: script, kind: 'script-token' }, file);
    expect((await login(stack.url)).code).toBe(0);
    expect(await valid(script)).toBe(true);
    const elsewhere = await stack.token();
    await saveSession({ url: await closedUrl(), token: elsewhere }, file);
    const result = await login(stack.url);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await valid(elsewhere)).toBe(true);
  });

  it('signs in all the same when the replaced session cannot be ended, saying so in one line', async () => {
    const proxy = await proxyTo(stack.url, {
      refuse: (requested) => (requested.startsWith('/trpc/auth.logout') ? 502 : undefined),
    });
    try {
      const old = await stack.token();
      await saveSession({ url: proxy.url, token: old }, file);
      const result = await login(proxy.url);
      expect(result.stderr).toBe(
        `waybill: warning: the replaced session was not ended (${proxy.url} answered HTTP 502 Bad Gateway with text/html, not the Waybill gateway's JSON (a proxy in front of a gateway that is down, or the wrong URL?)); it ends after its idle timeout\n`,
      );
      expect(result.code).toBe(0);
      expect((await stored()).token).not.toBe(old);
      expect(await valid(old)).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('refuses a config file that is a symbolic link before signing in', async () => {
    await saveSession({ url: stack.url, token: 'wbs_old' }, file);
    await rm(file);
    const target = path.join(home, 'elsewhere.json');
    await writeFile(target, '{}');
    await symlink(target, file);
    // Nothing answers at this address: a sign-in tried first would fail as unreachable.
    const result = await login(await closedUrl());
    expect(result.stderr).toBe(
      `waybill: ${file} is a symbolic link: waybill will not write a session token through it. Remove the link (or set XDG_CONFIG_HOME elsewhere) and run \`waybill login\` again.\n`,
    );
    expect(result.code).toBe(1);
    expect(await readFile(target, 'utf8')).toBe('{}');
  });
});
