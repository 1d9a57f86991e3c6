import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTable, progressReporter } from '../src/cli/output.js';

describe('waybill output', () => {
  const tty = process.stderr.isTTY;
  afterEach(() => {
    process.stderr.isTTY = tty;
    vi.restoreAllMocks();
  });

  function captureStderr(isTTY: boolean): string[] {
    process.stderr.isTTY = isTTY;
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    return written;
  }

  it('draws one redrawn bar on a terminal and ends the line', () => {
    const written = captureStderr(true);
    const bar = progressReporter('RCP-1');
    bar.update(0);
    bar.update(50);
    bar.update(50);
    bar.update(100);
    bar.end();
    expect(written).toEqual([
      `\rRCP-1 [${'.'.repeat(30)}]   0%`,
      `\rRCP-1 [${'#'.repeat(15)}${'.'.repeat(15)}]  50%`,
      `\rRCP-1 [${'#'.repeat(30)}] 100%`,
      '\n',
    ]);
  });

  it('prints one plain line per change when stderr is not a terminal', () => {
    const written = captureStderr(false);
    const bar = progressReporter('RCP-1');
    bar.update(10);
    bar.update(10);
    bar.update(100);
    bar.end();
    expect(written).toEqual(['RCP-1: 10%\n', 'RCP-1: 100%\n']);
  });

  it('formats a table with aligned columns, and says so when empty', () => {
    expect(
      formatTable([
        { a: 'x', bb: 1 },
        { a: 'long', bb: null },
      ]),
    ).toBe('a     bb\n----  --\nx     1\nlong');
    expect(formatTable([])).toBe('(none)');
  });
});
