import type { IdPatch, KeyedPatch, KeyRowsPatch, ListPatch, ListState } from '@waybill/contracts';

/** JSON of each item of a list whose items have distinct ids, and their order by id. */
interface IdPrint<Id> {
  items: Map<Id, string>;
  order: Id[];
}

/** Items with distinct string uids (rows, comments). */
type KeyedPrint = IdPrint<string>;
/** Rows with distinct `key`s (a statistics block's rows). */
type KeyRowsPrint = IdPrint<string | null>;

/** A sub-field of an object-valued meta field: whole (JSON), or row by row (keyed rows). */
type PartPrint = string | KeyRowsPrint;

/** How a meta field is compared: whole (JSON), by sub-field (plain objects) or by item (lists with uids). */
type FieldPrint = string | Map<string, PartPrint> | KeyedPrint;

/** Fingerprints kept by a cohort so a refresh is diffed without re-serialising the previous state. */
export interface ListFingerprint {
  rows: KeyedPrint;
  meta: Map<string, FieldPrint>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const json = (v: unknown) => JSON.stringify(v) ?? 'undefined';

function printBy<Item, Id>(items: readonly Item[], idOf: (item: Item) => Id): IdPrint<Id> {
  return { items: new Map(items.map((item) => [idOf(item), json(item)])), order: items.map(idOf) };
}

const uidOf = (item: { uid: string }) => item.uid;
const keyOf = (row: { key: string | null }) => row.key;
const printKeyed = (items: readonly { uid: string }[]): KeyedPrint => printBy(items, uidOf);

function isKeyedList(v: unknown): v is { uid: string }[] {
  if (!Array.isArray(v) || !v.every((item) => isPlainObject(item) && typeof item.uid === 'string'))
    return false;
  return new Set(v.map((item: { uid: string }) => item.uid)).size === v.length;
}

type KeyRow = { key: string | null };

function isKeyRows(v: unknown): v is KeyRow[] {
  if (!Array.isArray(v) || v.length === 0) return false;
  if (!v.every((row) => isPlainObject(row) && (typeof row.key === 'string' || row.key === null)))
    return false;
  return new Set(v.map((row: KeyRow) => row.key)).size === v.length;
}

function printPart(value: unknown): PartPrint {
  return isKeyRows(value) ? printBy(value, keyOf) : json(value);
}

function printField(value: unknown): FieldPrint {
  if (isKeyedList(value)) return printKeyed(value);
  if (isPlainObject(value)) return new Map(Object.entries(value).map(([k, v]) => [k, printPart(v)]));
  return json(value);
}

/**
 * Fingerprint of a state. `previous` is reused for the rows when they are the very same array,
 * so a stage that brings only meta (the statistics) does not re-serialise every row.
 */
export function fingerprint<Row extends { uid: string }, Meta>(
  state: ListState<Row, Meta>,
  previous?: { rows: readonly Row[]; print: ListFingerprint },
): ListFingerprint {
  return {
    rows: previous && previous.rows === state.rows ? previous.print.rows : printKeyed(state.rows),
    meta: new Map(Object.entries(state.meta as Record<string, unknown>).map(([k, v]) => [k, printField(v)])),
  };
}

/**
 * Fingerprint of a state that differs from the printed one only by some rows replaced in place
 * (an early patch: an own write, or a change the poll saw): only those rows are serialised again.
 */
export function withReplacedRows<Row extends { uid: string }>(
  print: ListFingerprint,
  replaced: readonly Row[],
): ListFingerprint {
  const items = new Map(print.rows.items);
  for (const row of replaced) items.set(row.uid, json(row));
  return { rows: { items, order: print.rows.order }, meta: print.meta };
}

/** Changed or new items, removed ids and, only if removals don't explain it, the new order; null when nothing changed. */
function diffBy<Item, Id>(
  before: IdPrint<Id>,
  items: readonly Item[],
  next: IdPrint<Id>,
  idOf: (item: Item) => Id,
): IdPatch<Item, Id> | null {
  const upserts = items.filter((item) => before.items.get(idOf(item)) !== next.items.get(idOf(item)));
  const removed = before.order.filter((id) => !next.items.has(id));
  // Removals alone need no order: the client drops them from the order it has.
  const kept = before.order.filter((id) => next.items.has(id));
  const orderChanged = kept.length !== next.order.length || kept.some((id, i) => id !== next.order[i]);
  if (upserts.length === 0 && removed.length === 0 && !orderChanged) return null;
  return { upserts, removed, ...(orderChanged ? { order: next.order } : {}) };
}

function diffKeyed<Item extends { uid: string }>(
  before: KeyedPrint,
  items: readonly Item[],
  next: KeyedPrint,
): KeyedPatch<Item> | null {
  return diffBy(before, items, next, uidOf);
}

/** What changed in one sub-field: nothing (null), its rows (keyed rows on both sides), or the whole value. */
function diffPart(
  before: PartPrint,
  next: PartPrint,
  value: unknown,
): { rows: KeyRowsPatch } | 'whole' | null {
  if (typeof before === 'string' || typeof next === 'string') return before === next ? null : 'whole';
  const rows: KeyRowsPatch | null = diffBy(before, value as KeyRow[], next, keyOf);
  return rows ? { rows } : null;
}

interface ChangedParts {
  whole: Record<string, unknown>;
  rows: Record<string, KeyRowsPatch>;
}

/** Sub-fields of `next` that differ from `before`, or null when the field must be resent whole. */
function changedParts(
  before: FieldPrint | undefined,
  next: Map<string, PartPrint>,
  value: Record<string, unknown>,
): ChangedParts | null {
  if (!(before instanceof Map) || before.size !== next.size) return null;
  const changed: ChangedParts = { whole: {}, rows: {} };
  for (const [key, print] of next) {
    const old = before.get(key);
    if (old === undefined) return null;
    const diff = diffPart(old, print, value[key]);
    if (diff === 'whole') changed.whole[key] = value[key];
    else if (diff) changed.rows[key] = diff.rows;
  }
  return changed;
}

const has = (o: object) => Object.keys(o).length > 0;

const isKeyedPrint = (p: FieldPrint | undefined): p is KeyedPrint =>
  typeof p === 'object' && !(p instanceof Map);

/** The patch from `before` to `next`, or null when nothing a client sees changed. */
export function diffList<Row extends { uid: string }, Meta>(
  before: ListFingerprint,
  next: ListState<Row, Meta>,
  nextPrint: ListFingerprint,
): ListPatch<Row, Meta> | null {
  const rows = diffKeyed(before.rows, next.rows, nextPrint.rows);
  const nextMeta = next.meta as Record<string, unknown>;
  const meta: Record<string, unknown> = {};
  const metaParts: Record<string, Record<string, unknown>> = {};
  const metaLists: Record<string, KeyedPatch<{ uid: string }>> = {};
  const metaPartRows: Record<string, Record<string, KeyRowsPatch>> = {};
  for (const [key, print] of nextPrint.meta) {
    const old = before.meta.get(key);
    if (typeof print === 'string') {
      if (old !== print) meta[key] = nextMeta[key];
    } else if (print instanceof Map) {
      const parts = changedParts(old, print, nextMeta[key] as Record<string, unknown>);
      if (parts === null) meta[key] = nextMeta[key];
      else {
        if (has(parts.whole)) metaParts[key] = parts.whole;
        if (has(parts.rows)) metaPartRows[key] = parts.rows;
      }
    } else if (!isKeyedPrint(old)) {
      meta[key] = nextMeta[key];
    } else {
      const list = diffKeyed(old, nextMeta[key] as { uid: string }[], print);
      if (list) metaLists[key] = list;
    }
  }
  if (!rows && !has(meta) && !has(metaParts) && !has(metaLists) && !has(metaPartRows)) return null;
  return {
    kind: 'patch',
    upserts: rows?.upserts ?? [],
    removed: rows?.removed ?? [],
    ...(rows?.order ? { order: rows.order } : {}),
    meta: has(meta) ? (meta as Partial<Meta>) : null,
    ...(has(metaParts) ? { metaParts: metaParts as ListPatch<Row, Meta>['metaParts'] } : {}),
    ...(has(metaLists) ? { metaLists: metaLists as ListPatch<Row, Meta>['metaLists'] } : {}),
    ...(has(metaPartRows) ? { metaPartRows: metaPartRows as ListPatch<Row, Meta>['metaPartRows'] } : {}),
  };
}
