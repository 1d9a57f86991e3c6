/** Wrong command lines: one line on stderr and exit 2, before anything is called. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../src/cli/auth-commands.js';
import { CliError } from '../src/cli/errors.js';
import { EXIT } from '../src/cli/exit-codes.js';
import { requestTimeoutMs } from '../src/cli/gateway.js';
import { parse } from '../src/cli/parse-args.js';
import { cliEnv, waybill } from './cli-stack.js';
import { closedUrl } from './fake-gateways.js';

function refusal(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('waybill command line parsing', () => {
  it('says a value starting with a dash on one line, naming the option', () => {
    const refused = refusal(() => parse(['orders', 'search', '--limit', '-1']));
    expect(refused.message).toBe(
      "Option '--limit' argument is ambiguous (a value starting with '-' is given as --limit=VALUE; see `waybill --help`)",
    );
    expect(refused.exitCode).toBe(EXIT.usage);
  });

  it('refuses every malformed command line in one line that names the option', () => {
    const lines: [string[], string][] = [
      [['orders', 'search', '--limit'], '--limit'],
      [['orders', 'search', '--all=yes'], '--all'],
      [['orders', 'search', '--nope'], '--nope'],
      [['orders', 'search', '--courier', '--late'], '--courier'],
      [['orders', 'search', '-x'], '-x'],
    ];
    for (const [argv, option] of lines) {
      const { message, exitCode } = refusal(() => parse(argv));
      expect(message, argv.join(' ')).not.toContain('\n');
      expect(message, argv.join(' ')).toContain(`'${option}`);
      expect(exitCode).toBe(EXIT.usage);
    }
  });

  it('takes WAYBILL_TIMEOUT as any plain decimal number of seconds, .5 included', () => {
    expect(requestTimeoutMs({ WAYBILL_TIMEOUT: '.5' })).toBe(500);
    expect(requestTimeoutMs({ WAYBILL_TIMEOUT: '2.' })).toBe(2000);
    expect(requestTimeoutMs({ WAYBILL_TIMEOUT: ' 0.25 ' })).toBe(250);
    for (const text of ['1e3', '.', '-1', '0', '.0', 'abc', '0x10'])
      expect(() => requestTimeoutMs({ WAYBILL_TIMEOUT: text }), text).toThrow(
        `WAYBILL_TIMEOUT must be a number of seconds above 0 (got "${text}")`,
      );
  });
});

describe('waybill sessions given on the command line', () => {
  const saved = process.env.WAYBILL_TOKEN;
  afterAll(() => {
    if (saved === undefined) delete process.env.WAYBILL_TOKEN;
    else process.env.WAYBILL_TOKEN = saved;
  });

  it('refuses an empty or blank token as a wrong value, exit 2', async () => {
    const url = 'http://127.0.0.1:9';
    for (const token of ['', '  ']) {
      const refused = await resolveSession({ url, token }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(CliError);
      expect((refused as CliError).exitCode).toBe(EXIT.usage);
    }
    process.env.WAYBILL_TOKEN = ' ';
    const blank = await resolveSession({ url }).catch((e: unknown) => e);
    expect((blank as CliError).exitCode).toBe(EXIT.usage);
  });
});

describe('waybill run with a wrong command line, or for help', { timeout: 60_000 }, () => {
  let config: string;
  beforeAll(async () => {
    config = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
  });
  afterAll(async () => {
    await rm(config, { recursive: true, force: true });
  });

  it('refuses `waybill frob --help` as it refuses `waybill frob`', async () => {
    const result = await waybill(['frob', '--help'], cliEnv(config));
    expect(result.stderr).toBe('waybill: Unknown command "frob" (see `waybill --help`)\n');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const group = await waybill(['orders', '--help'], cliEnv(config));
    expect(group.code).toBe(0);
    expect(group.stdout).toContain('Usage: waybill orders <command> [options]');
  });

  it('says the URL is asked only in the help of login, the one command that asks', async () => {
    for (const command of [['orders', 'search'], ['logout'], ['inbounds', 'export']]) {
      const help = await waybill([...command, '--help'], cliEnv(config));
      expect(help.stdout, command.join(' ')).toMatch(
        /--url URL\s+the gateway \(default \$WAYBILL_URL, else the stored one\)\n/,
      );
    }
    const login = await waybill(['login', '--help'], cliEnv(config));
    expect(login.stdout).toMatch(/--url URL\s+the gateway \(default \$WAYBILL_URL, else asked\)\n/);
  });

  it('refuses --token "" with exit 2 before calling the gateway', async () => {
    const result = await waybill(
      ['clients', 'health', '--url', await closedUrl(), '--token', ''],
      cliEnv(config),
    );
    expect(result.stderr).toBe('waybill: The token is empty: give --token or WAYBILL_TOKEN a script token\n');
    expect(result.code).toBe(2);
  });
});
