import { type DependencyList, useEffect, useRef } from 'react';

/**
 * Runs `check` at once and then at most once per frame while the window scrolls or resizes, as long
 * as `enabled`. `deps` re-run it (e.g. after new rows rendered). The one scroll listener of the lists.
 */
export function useWindowScroll(check: () => void, enabled: boolean, deps: DependencyList): void {
  const callback = useRef(check);
  callback.current = check;
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const run = () => {
      frame = 0;
      callback.current();
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(run);
    };
    run();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
    // The caller names what re-runs the check.
  }, [enabled, ...deps]);
}
