import { useQueries } from '@tanstack/react-query';
import type { Order } from '@waybill/contracts';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useTRPC } from '../../lib/trpc.js';
import { useHoldActions, useHolds } from './holds-context.js';

/** The orders screen's built-in "Mine" view: the list's address with this parameter. */
export const MINE_PARAM = 'mine';
export const MINE_HREF = `/realtime?${MINE_PARAM}=1`;
/** How often a held order the list does not carry is read again (the list's own rows are live). */
const MINE_OUTSIDE_LIST_REFRESH_MS = 30_000;

export function useMineActive(): boolean {
  return new URLSearchParams(useLocation().search).get(MINE_PARAM) === '1';
}

const heldOrders = (results: readonly { data?: Order | undefined }[]): readonly Order[] =>
  results.flatMap((r) => (r.data ? [r.data] : []));

/**
 * With the Mine view on, every order the signed-in user holds, whatever the list's filter and however
 * far it has loaded: the list's own row where it has one (live), else the order read on its own.
 * Newest hold first.
 */
export function useMineRows(rows: readonly Order[]): readonly Order[] {
  const active = useMineActive();
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
  const outside = useQueries({
    queries: mine
      .filter((uid) => !listed.has(uid))
      .map((uid) => ({
        ...trpc.orders.detail.queryOptions({ uid }),
        select: (detail: { order: Order }) => detail.order,
        refetchInterval: MINE_OUTSIDE_LIST_REFRESH_MS,
      })),
    combine: heldOrders,
  });
  return useMemo(() => {
    if (!active) return rows;
    const read = new Map(outside.map((order) => [order.uid, order]));
    return mine.flatMap((uid) => {
      const order = listed.get(uid) ?? read.get(uid);
      return order ? [order] : [];
    });
  }, [active, rows, mine, listed, outside]);
}
