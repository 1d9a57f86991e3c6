/** Messages of the live list subscriptions (orders.live, inbounds.live, clients.live). */
export interface ListState<Row extends { uid: string }, Meta> {
  rows: Row[];
  meta: Meta;
}

/** Changes to a list of items with distinct ids: changed or new items, removed ids, and the new order if it changed. */
export interface IdPatch<Item, Id> {
  upserts: Item[];
  removed: Id[];
  /** The new order by id; absent when it did not change. */
  order?: Id[];
}

/** Changes to a list of items with uids (rows, comments). */
export type KeyedPatch<Item extends { uid: string }> = IdPatch<Item, string>;

/** For each object-valued field of Meta, the sub-fields that changed. */
export type MetaParts<Meta> = {
  [K in keyof Meta]?: Meta[K] extends readonly unknown[] ? never : Partial<Meta[K]>;
};

/** For each field of Meta that is a list of items with uids, what changed in it. */
export type MetaLists<Meta> = {
  [K in keyof Meta]?: Meta[K] extends readonly (infer Item extends { uid: string })[]
    ? KeyedPatch<Item>
    : never;
};

/** Changes to a list of rows keyed by `key` (a statistics block's rows: one per courier, centre, store or user). */
export type KeyRowsPatch<
  Item extends { key: string | null } = { key: string | null; [field: string]: unknown },
> = IdPatch<Item, string | null>;

/** For each object-valued field of Meta, its sub-fields that are keyed row lists, patched row by row. */
export type MetaPartRows<Meta> = { [K in keyof Meta]?: Record<string, KeyRowsPatch> };

export type ListPatch<Row extends { uid: string }, Meta> = KeyedPatch<Row> & {
  kind: 'patch';
  /** List-level fields replaced whole (top-level keys of Meta), or null when none were. */
  meta: Partial<Meta> | null;
  /**
   * Object-valued list-level fields of which only some sub-fields changed (statistics blocks, say):
   * merged one level deep, so a count change does not resend every block.
   */
  metaParts?: MetaParts<Meta>;
  /**
   * Sub-fields of object-valued fields that are keyed row lists (a statistics block), patched row by
   * row: one order's status change moves a row or two of each block, not every row.
   */
  metaPartRows?: MetaPartRows<Meta>;
  /** List-valued list-level fields (the orders' comments, say) patched item by item. */
  metaLists?: MetaLists<Meta>;
  /** When the change poll saw the change that caused this patch (ms epoch); absent for timed refreshes. */
  polledAt?: number;
};

/** The messages that carry list data; `applyListMessage` applies them. */
export type ListMessage<Row extends { uid: string }, Meta> =
  | { kind: 'snapshot'; rows: Row[]; meta: Meta }
  | ListPatch<Row, Meta>;

/**
 * Live updates paused or resumed. A cohort whose refreshes keep failing for longer than two poll
 * intervals says so (`paused: true`, with when its data was last fetched), and says `paused: false`
 * once a refresh succeeds again. It carries no list data.
 */
export interface LiveHealthMessage {
  kind: 'health';
  paused: boolean;
  /** When the data the subscriber holds was fetched (ms epoch). */
  dataAt: number;
}

/** Everything a live list subscription yields: list data, or its live-update health. */
export type LiveListEvent<Row extends { uid: string }, Meta> = ListMessage<Row, Meta> | LiveHealthMessage;

/** A list after a patch by identity: upserts replace by id, removed ids go, then the new order if any. */
function applyPatchBy<Item, Id>(
  current: readonly Item[],
  patch: IdPatch<Item, Id>,
  idOf: (item: Item) => Id,
): Item[] {
  const byId = new Map(current.map((item) => [idOf(item), item]));
  for (const item of patch.upserts) byId.set(idOf(item), item);
  const removed = new Set(patch.removed);
  const order = patch.order ?? current.map(idOf).filter((id) => !removed.has(id));
  return order.map((id) => byId.get(id)).filter((item): item is Item => item !== undefined);
}

/** Items after a keyed patch: upserts replace by uid, removed uids go, then the new order if any. */
export function applyKeyedPatch<Item extends { uid: string }>(
  current: readonly Item[],
  patch: KeyedPatch<Item>,
): Item[] {
  return applyPatchBy(current, patch, (item) => item.uid);
}

/** Rows after a key-rows patch: upserts replace by key, removed keys go, then the new order if any. */
export function applyKeyRowsPatch<Item extends { key: string | null }>(
  current: readonly Item[],
  patch: KeyRowsPatch<Item>,
): Item[] {
  return applyPatchBy(current, patch, (row) => row.key);
}

function mergeMeta<Meta>(current: Meta, patch: ListPatch<{ uid: string }, Meta>): Meta {
  if (!patch.meta && !patch.metaParts && !patch.metaLists && !patch.metaPartRows) return current;
  const meta = { ...current, ...patch.meta } as Record<string, unknown>;
  for (const [key, part] of Object.entries(patch.metaParts ?? {})) {
    meta[key] = { ...(meta[key] as object), ...(part as object) };
  }
  for (const [key, parts] of Object.entries(patch.metaPartRows ?? {})) {
    const field = { ...(meta[key] as Record<string, unknown>) };
    for (const [part, rows] of Object.entries(parts as Record<string, KeyRowsPatch>))
      field[part] = applyKeyRowsPatch((field[part] ?? []) as { key: string | null }[], rows);
    meta[key] = field;
  }
  for (const [key, list] of Object.entries(patch.metaLists ?? {})) {
    meta[key] = applyKeyedPatch((meta[key] ?? []) as { uid: string }[], list as KeyedPatch<{ uid: string }>);
  }
  return meta as Meta;
}

/** Apply a live message to the list a client holds. A patch needs a snapshot first. */
export function applyListMessage<Row extends { uid: string }, Meta>(
  current: ListState<Row, Meta> | null,
  message: ListMessage<Row, Meta>,
): ListState<Row, Meta> {
  if (message.kind === 'snapshot') return { rows: message.rows, meta: message.meta };
  if (!current) throw new Error('patch received before snapshot');
  return { rows: applyKeyedPatch(current.rows, message), meta: mergeMeta(current.meta, message) };
}
