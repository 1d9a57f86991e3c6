import { useLocation } from 'react-router';

/** The orders screen's built-in "Mine" view: the list's address with this parameter. */
export const MINE_PARAM = 'mine';
export const MINE_HREF = `/realtime?${MINE_PARAM}=1`;

export function useMineActive(): boolean {
  return new URLSearchParams(useLocation().search).get(MINE_PARAM) === '1';
}
