/** Messages of the live list subscriptions (orders.live, inbounds.live, clients.live). */
export interface ListState<Row extends { uid: string }, Meta> {
  rows: Row[];
  meta: Meta;
}

export type ListMessage<Row extends { uid: string }, Meta> =
  | { kind: 'snapshot'; rows: Row[]; meta: Meta }
  | {
      kind: 'patch';
      upserts: Row[];
      removed: string[];
      order: string[];
      /** The list-level fields that changed (top-level keys of Meta), or null when none did. */
      meta: Partial<Meta> | null;
      /** When the change poll saw the change that caused this patch (ms epoch); absent for timed refreshes. */
      polledAt?: number;
    };

/** Apply a live message to the list a client holds. A patch needs a snapshot first. */
export function applyListMessage<Row extends { uid: string }, Meta>(
  current: ListState<Row, Meta> | null,
  message: ListMessage<Row, Meta>,
): ListState<Row, Meta> {
  if (message.kind === 'snapshot') return { rows: message.rows, meta: message.meta };
  if (!current) throw new Error('patch received before snapshot');
  const byUid = new Map(current.rows.map((r) => [r.uid, r]));
  for (const row of message.upserts) byUid.set(row.uid, row);
  const rows = message.order.map((uid) => byUid.get(uid)).filter((r): r is Row => r !== undefined);
  return { rows, meta: message.meta ? { ...current.meta, ...message.meta } : current.meta };
}
