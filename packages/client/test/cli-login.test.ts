/** `waybill login` over a stored session, against a real backend-sim + gateway. */
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../src/cli/config-file.js';
import { cliEnv, type Stack, startStack, waybill } from './cli-stack.js';
import { closedUrl } from './fake-gateways.js';

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

describe('waybill login over a stored session', { timeout: 60_000 }, () => {
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
