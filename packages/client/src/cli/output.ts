/** JSON by default (for scripts); `--table` for people. */
export function print(rows: Record<string, unknown>[], table: boolean, full: unknown = rows): void {
  process.stdout.write(`${table ? formatTable(rows) : JSON.stringify(full, null, 2)}\n`);
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A plain fixed-width table: header, dashes, one line per row. */
export function formatTable(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '(none)';
  const columns = Object.keys(rows[0] ?? {});
  const lines = [columns, ...rows.map((row) => columns.map((c) => cell(row[c])))];
  const widths = columns.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? '').length)));
  const render = (line: string[]) =>
    line
      .map((value, i) => value.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const [header = [], ...body] = lines;
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(render)].join('\n');
}

/** Export progress on stderr: a redrawn bar on a terminal, one line per change otherwise. */
export function progressReporter(label: string): { update(percent: number): void; end(): void } {
  const tty = process.stderr.isTTY === true;
  let last = -1;
  return {
    update(percent) {
      const p = Math.max(0, Math.min(100, Math.round(percent)));
      if (p === last) return;
      last = p;
      if (!tty) {
        process.stderr.write(`${label}: ${p}%\n`);
        return;
      }
      const width = 30;
      const filled = Math.round((p / 100) * width);
      process.stderr.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(p).padStart(3)}%`,
      );
    },
    end() {
      if (tty && last >= 0) process.stderr.write('\n');
    },
  };
}
