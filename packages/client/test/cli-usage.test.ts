/** Wrong command lines: one line on stderr and exit 2, before anything is called. */
import { describe, expect, it } from 'vitest';
import { CliError } from '../src/cli/errors.js';
import { EXIT } from '../src/cli/exit-codes.js';
import { parse } from '../src/cli/parse-args.js';

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
});
