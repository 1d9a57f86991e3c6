import { useLayoutEffect } from 'react';

/**
 * Measures `element` now, again whenever its box changes size (the room it is given changed), and
 * whenever `content` changes. `measure` must keep its identity between renders (a `useCallback`).
 */
export function useResizeMeasure<E extends HTMLElement>(
  element: E | null,
  measure: (element: E) => void,
  content: unknown,
): void {
  // `content`: a new text in the same box is measured again.
  useLayoutEffect(() => {
    if (!element) return;
    const run = () => measure(element);
    run();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(run);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, measure, content]);
}
