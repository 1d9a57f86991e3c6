import { useWindowScroll } from './use-window-scroll.js';

/**
 * Calls `onNearEnd` when the page bottom is within `thresholdPx` of the viewport (checked at once, so
 * a short page asks for more right after rendering, then once per frame while scrolling), while
 * `enabled` (more rows exist and no search is running). Checks again after each load.
 */
export function useInfiniteScroll(
  enabled: boolean,
  thresholdPx: number,
  onNearEnd: () => void,
  rowCount: number,
) {
  useWindowScroll(
    () => {
      const remaining = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (remaining < thresholdPx) onNearEnd();
    },
    enabled,
    [thresholdPx, rowCount],
  );
}
