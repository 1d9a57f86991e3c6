import { useEffect, useRef } from 'react';

/** Calls `onNearEnd` when the page bottom is within `thresholdPx` of the viewport, while `enabled`. */
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
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
    // rowCount: check again once new rows rendered.
  }, [enabled, thresholdPx, rowCount]);
}
