import { usageError } from './errors.js';

/** What a command answers: JSON for scripts by default, rows for `--table`, items for `--fields`. */
export interface CommandOutput {
  /** Printed as JSON when neither --table nor --fields is given. */
  document: unknown;
  /** The listed things in full: what --fields picks from. */
  items: Record<string, unknown>[];
  /** A summary row per item for --table (the items themselves when left out). */
  rows?: Record<string, unknown>[];
}

export interface OutputFormat {
  table: boolean;
  fields: string[] | null;
}

/** `--fields a,b.c` to its paths; a path reaches into nested objects dot by dot. */
export function parseFields(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const fields = value.split(',').map((f) => f.trim());
  if (fields.some((f) => !/^[^.\s]+(\.[^.\s]+)*$/.test(f)))
    throw usageError(
      `--fields takes field names separated by commas, e.g. uid,aggregated_status.key (got "${value}")`,
    );
  return fields;
}

function pick(item: unknown, field: string): unknown {
  let value = item;
  for (const key of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Where a field's walk into an item stops short, at that depth: `parent`, the object lacking the
 * next name; `plain`, a string, number or boolean where the next name was to be looked up (it has
 * none); or neither when a null came first, which says nothing of the name. Undefined: the item has
 * the field.
 */
interface Stop {
  depth: number;
  parent?: object;
  plain?: string;
}

function stopOf(item: unknown, parts: string[]): Stop | undefined {
  let value: unknown = item;
  for (const [depth, key] of parts.entries()) {
    if (value === null || value === undefined) return { depth };
    if (typeof value !== 'object') return { depth, plain: typeof value };
    if (!Object.hasOwn(value, key)) return { depth, parent: value };
    value = (value as Record<string, unknown>)[key];
  }
  return undefined;
}

const judged = (stop: Stop | undefined): stop is Stop => !!stop && (!!stop.parent || !!stop.plain);

/** What the user could have meant: the names found where the first unknown field went astray. */
function knownNames(items: Record<string, unknown>[], field: string): string {
  const parts = field.split('.');
  const stops = items.map((item) => stopOf(item, parts)).filter(judged);
  const depth = Math.max(...stops.map((s) => s.depth));
  const deepest = stops.filter((s) => s.depth === depth);
  const where = parts.slice(0, depth).join('.');
  const names = new Set(deepest.flatMap((s) => (s.parent ? Object.keys(s.parent) : [])));
  if (names.size === 0) return `${where} is a ${deepest[0]!.plain}`;
  return `${depth === 0 ? 'fields' : `${where} has`}: ${[...names].join(', ')}`;
}

/**
 * The items cut to the fields. A field no item has is a typo, said so with the names there are (a
 * path running into a string or a number has none); a field that meets only nulls on its way (every
 * order without a courier, say) cannot be judged and prints null.
 */
export function selectFields(items: Record<string, unknown>[], fields: string[]): Record<string, unknown>[] {
  const unknown = fields.filter((field) => {
    const stops = items.map((item) => stopOf(item, field.split('.')));
    return stops.length > 0 && !stops.includes(undefined) && stops.some(judged);
  });
  if (unknown.length)
    throw usageError(`Unknown field ${unknown.join(', ')} (${knownNames(items, unknown[0]!)})`);
  return items.map((item) => Object.fromEntries(fields.map((f) => [f, pick(item, f) ?? null])));
}

export function render(output: CommandOutput, format: OutputFormat): string {
  if (format.fields) {
    const selected = selectFields(output.items, format.fields);
    return format.table ? formatTable(selected) : JSON.stringify(selected, null, 2);
  }
  if (format.table) return formatTable(output.rows ?? output.items);
  return JSON.stringify(output.document, null, 2);
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

/**
 * Export progress on stderr: a redrawn bar on a terminal, one line per change otherwise. `note`
 * writes a line of its own, off the bar, which is drawn again at the next update.
 */
export function progressReporter(label: string): {
  update(percent: number): void;
  note(text: string): void;
  end(): void;
} {
  const tty = process.stderr.isTTY === true;
  let last = -1;
  let drawn = false;
  return {
    note(text) {
      process.stderr.write(`${tty && drawn ? '\n' : ''}${text}\n`);
      // On a terminal the bar went up with the note's line: the next update draws it again.
      if (tty) last = -1;
      drawn = false;
    },
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
      drawn = true;
      process.stderr.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(p).padStart(3)}%`,
      );
    },
    end() {
      if (tty && drawn) process.stderr.write('\n');
      drawn = false;
    },
  };
}
