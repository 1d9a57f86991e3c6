import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli/run.js';
import { checkClientVersion } from '../src/index.js';
import { satisfies } from '../src/version-range.js';

let server: Server;
let url: string;
let range: string;
let home: string;

/** A gateway stand-in: /healthz names `range`; users.me answers a user (the batch wire shape). */
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'waybill-version-'));
  vi.stubEnv('XDG_CONFIG_HOME', home);
  vi.stubEnv('WAYBILL_URL', '');
  vi.stubEnv('WAYBILL_TOKEN', '');
  server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/healthz') response.end(JSON.stringify({ status: 'ok', clientVersions: range }));
    else response.end(JSON.stringify([{ result: { data: { user: { name: 'Olivia Ops', email: 'o@x' } } } }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await new Promise((resolve) => server.close(resolve));
  await rm(home, { recursive: true, force: true });
});

async function stderrOf(argv: string[]): Promise<{ code: number; stderr: string }> {
  const written: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const code = await runCli(argv);
  vi.restoreAllMocks();
  return { code, stderr: written.join('') };
}

describe('client versions the gateway serves', () => {
  it('reads semver ranges as the gateway writes them', () => {
    expect(satisfies('1.0.0', '>=1.0.0 <2')).toBe(true);
    expect(satisfies('1.9.3', '>=1.0.0 <2')).toBe(true);
    expect(satisfies('2.0.0', '>=1.0.0 <2')).toBe(false);
    expect(satisfies('0.9.0', '>=1.0.0 <2')).toBe(false);
    expect(satisfies('1.0.0', 'whatever')).toBeNull();
  });

  it('says nothing when this client is in the range', async () => {
    range = '>=1.0.0 <2';
    expect(await checkClientVersion(url)).toMatchObject({ gateway: range, ok: true });
    const { code, stderr } = await stderrOf(['login', '--url', url, '--token', 'wbs_token']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });

  it('prints one warning line on stderr when this client is outside it, and still runs the command', async () => {
    range = '>=2.0.0 <3';
    const { code, stderr } = await stderrOf(['login', '--url', url, '--token', 'wbs_token']);
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /^waybill: warning: this gateway serves waybill >=2\.0\.0 <3; this is \d+\.\d+\.\d+: install a release in that range\n$/,
    );
  });
});
