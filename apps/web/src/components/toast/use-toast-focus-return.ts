import { type RefObject, useEffect, useRef } from 'react';

/**
 * F8 takes the focus to the notifications; once none is left (undone, dismissed, or there were none
 * when F8 was pressed) it goes back to what had it before, so a keyboard user keeps their place
 * instead of sitting on an empty, invisible list.
 */
export function useToastFocusReturn(viewport: RefObject<HTMLElement | null>, count: number): void {
  const returnTo = useRef<HTMLElement | null>(null);
  const countNow = useRef(count);
  countNow.current = count;

  useEffect(() => {
    const region = viewport.current?.closest<HTMLElement>('[role="region"]');
    if (!region) return;
    const onFocusIn = (event: FocusEvent) => {
      const from = event.relatedTarget;
      if (from instanceof HTMLElement && !region.contains(from)) returnTo.current = from;
      if (countNow.current === 0) giveBack(region, returnTo.current);
    };
    region.addEventListener('focusin', onFocusIn);
    return () => region.removeEventListener('focusin', onFocusIn);
  }, [viewport]);

  useEffect(() => {
    const region = viewport.current?.closest<HTMLElement>('[role="region"]');
    if (count === 0 && region) giveBack(region, returnTo.current);
  }, [count, viewport]);
}

function giveBack(region: HTMLElement, to: HTMLElement | null): void {
  if (!region.contains(document.activeElement)) return;
  if (to?.isConnected) to.focus({ preventScroll: true });
  else (document.activeElement as HTMLElement | null)?.blur();
}
