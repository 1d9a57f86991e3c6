import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useHoldActions, useHolds } from './holds-context.js';

/** The orders screen's built-in "Mine" view: the list's address with this parameter. */
export const MINE_PARAM = 'mine';
export const MINE_HREF = `/realtime?${MINE_PARAM}=1`;

export function useMineActive(): boolean {
  return new URLSearchParams(useLocation().search).get(MINE_PARAM) === '1';
}

/** With the Mine view on, only the rows the signed-in user holds (their holds come live). */
export function useMineRows<T extends { uid: string }>(rows: readonly T[]): readonly T[] {
  const active = useMineActive();
  const holds = useHolds();
  const { myUid } = useHoldActions();
  return useMemo(
    () => (active ? rows.filter((row) => myUid !== null && holds[row.uid]?.holder.uid === myUid) : rows),
    [active, rows, holds, myUid],
  );
}
