import type { ListMessage, ListState } from '@waybill/contracts';

/** Fingerprints kept by a cohort so a refresh is diffed without re-serialising the previous state. */
export interface ListFingerprint {
  rows: Map<string, string>;
  order: string[];
  meta: string;
}

export function fingerprint<Row extends { uid: string }, Meta>(state: ListState<Row, Meta>): ListFingerprint {
  return {
    rows: new Map(state.rows.map((r) => [r.uid, JSON.stringify(r)])),
    order: state.rows.map((r) => r.uid),
    meta: JSON.stringify(state.meta),
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
  const metaChanged = before.meta !== nextPrint.meta;
  if (upserts.length === 0 && removed.length === 0 && !orderChanged && !metaChanged) return null;
  return { kind: 'patch', upserts, removed, order: nextPrint.order, meta: metaChanged ? next.meta : null };
}
