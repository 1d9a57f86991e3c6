import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@waybill/contracts';
import { useMemo } from 'react';
import { useHoldActions, useHolds } from '../../../components/holds/index.js';
import { useTRPC } from '../../../lib/trpc.js';

/** How often a held order the list does not carry is read again (the list's own rows are live). */
const MINE_OUTSIDE_LIST_REFRESH_MS = 30_000;

const NONE: readonly Order[] = [];

/**
 * With the Mine view on (`active`), every order the signed-in user holds, whatever the list's filter
 * and however far it has loaded: the list's own row where it has one (live), else the order read on
 * its own. Newest hold first.
 */
export function useMineRows(active: boolean, rows: readonly Order[]): readonly Order[] {
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
  const queryClient = useQueryClient();
  const missing = mine.filter((uid) => !listed.has(uid));
  // One query over the missing orders' details (each cached as the detail's own query). An order
  // that cannot be read is left out; the others still show.
  const outside =
    useQuery({
      queryKey: ['mine', 'outside-list', missing],
      queryFn: async () => {
        const read = await Promise.allSettled(
          missing.map((uid) => queryClient.fetchQuery(trpc.orders.detail.queryOptions({ uid }))),
        );
        return read.flatMap((r) => (r.status === 'fulfilled' ? [r.value.order] : []));
      },
      enabled: active && missing.length > 0,
      refetchInterval: MINE_OUTSIDE_LIST_REFRESH_MS,
    }).data ?? NONE;
  return useMemo(() => {
    if (!active) return rows;
    const read = new Map(outside.map((order) => [order.uid, order]));
    return mine.flatMap((uid) => {
      const order = listed.get(uid) ?? read.get(uid);
      return order ? [order] : [];
    });
  }, [active, rows, mine, listed, outside]);
}
