import { useEffect, useRef } from 'react';

/**
 * Calls `onNearEnd` when the page bottom is within `thresholdPx` of the viewport (checked once per
 * frame while scrolling), while `enabled`
 * (more rows exist and no search is running). Checks again after each load in case the page is short.
 */
export function useInfiniteScroll(
  enabled: boolean,
  thresholdPx: number,
  onNearEnd: () => void,
  rowCount: number,
) {
  const callback = useRef(onNearEnd);
  callback.current = onNearEnd;
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const remaining = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (remaining < thresholdPx) callback.current();
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    // At once, not on the next frame: a short page asks for more right after rendering.
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
    // rowCount: re-check once new rows rendered.
  }, [enabled, thresholdPx, rowCount]);
}
