import type { ListMessage, ListState } from '@waybill/contracts';

/** Fingerprints kept by a cohort so a refresh is diffed without re-serialising the previous state. */
export interface ListFingerprint {
  rows: Map<string, string>;
  order: string[];
  /** Serialised top-level fields of the list's meta, so a patch carries only the ones that changed. */
  meta: Map<string, string>;
}

export function fingerprint<Row extends { uid: string }, Meta>(state: ListState<Row, Meta>): ListFingerprint {
  return {
    rows: new Map(state.rows.map((r) => [r.uid, JSON.stringify(r)])),
    order: state.rows.map((r) => r.uid),
    meta: new Map(
      Object.entries(state.meta as Record<string, unknown>).map(([k, v]) => [k, JSON.stringify(v)]),
    ),
  };
}

/** The patch from `before` to `next`, or null when nothing a client sees changed. */
export function diffList<Row extends { uid: string }, Meta>(
  before: ListFingerprint,
  next: ListState<Row, Meta>,
  nextPrint: ListFingerprint,
): Extract<ListMessage<Row, Meta>, { kind: 'patch' }> | null {
  const upserts = next.rows.filter((r) => before.rows.get(r.uid) !== nextPrint.rows.get(r.uid));
  const removed = before.order.filter((uid) => !nextPrint.rows.has(uid));
  const orderChanged =
    before.order.length !== nextPrint.order.length ||
    before.order.some((uid, i) => uid !== nextPrint.order[i]);
  const changedMeta: Partial<Meta> = {};
  let metaChanged = false;
  for (const [key, json] of nextPrint.meta) {
    if (before.meta.get(key) !== json) {
      (changedMeta as Record<string, unknown>)[key] = (next.meta as Record<string, unknown>)[key];
      metaChanged = true;
    }
  }
  if (upserts.length === 0 && removed.length === 0 && !orderChanged && !metaChanged) return null;
  return { kind: 'patch', upserts, removed, order: nextPrint.order, meta: metaChanged ? changedMeta : null };
}
