import { useQueries } from '@tanstack/react-query';
import type { Order } from '@waybill/contracts';
import { useCallback, useMemo } from 'react';
import { useHoldActions, useHolds } from '../../../components/holds/index.js';
import { type RouterOutputs, useTRPC } from '../../../lib/trpc.js';

export interface MineRows {
  /** The rows to show: the list's rows, or with the Mine view on, the user's held orders. */
  rows: readonly Order[];
  /** Held orders the list does not carry: each is read on its own and kept live by `MineOrdersLive`. */
  outside: readonly string[];
}

/**
 * With the Mine view on (`active`), every order the signed-in user holds, whatever the list's filter
 * and however far it has loaded: the list's own row where it has one (live), else the order's own
 * detail (live through orders.detailLive while `MineOrdersLive` is mounted). Newest hold first. An
 * order that cannot be read is left out; the others still show.
 */
export function useMineRows(active: boolean, rows: readonly Order[]): MineRows {
  const holds = useHolds();
  const { myUid } = useHoldActions();
  const trpc = useTRPC();
  const mine = useMemo(
    () =>
      active && myUid !== null
        ? Object.values(holds)
            .filter((hold) => hold.holder.uid === myUid)
            .sort((a, b) => b.since.localeCompare(a.since))
            .map((hold) => hold.orderUid)
        : [],
    [active, holds, myUid],
  );
  const listed = useMemo(() => new Map(rows.map((row) => [row.uid, row])), [rows]);
  const outside = useMemo(() => mine.filter((uid) => !listed.has(uid)), [mine, listed]);
  const combine = useCallback(
    (results: { data?: RouterOutputs['orders']['detail'] }[]) =>
      results.flatMap((result) => (result.data ? [result.data.order] : [])),
    [],
  );
  const read = useQueries({
    queries: outside.map((uid) => trpc.orders.detail.queryOptions({ uid })),
    combine,
  });
  const shown = useMemo(() => {
    if (!active) return rows;
    const byUid = new Map(read.map((order) => [order.uid, order]));
    return mine.flatMap((uid) => {
      const order = listed.get(uid) ?? byUid.get(uid);
      return order ? [order] : [];
    });
  }, [active, rows, mine, listed, read]);
  return { rows: shown, outside };
}
