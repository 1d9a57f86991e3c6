import { type KeyboardEvent, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A detail (an order, an inbound) sits under the app header as a non-modal dialog, so the header
 * (notification bell, exports, account) stays usable while it is read. What the detail covers, the
 * list in `main`, is taken out of reach instead of the whole page: no pointer, focus or screen
 * reader there. A layout effect, so the list is live again before the focus goes back to its row.
 */
export function useInertList(selector = 'main'): void {
  useLayoutEffect(() => {
    const list = document.querySelector<HTMLElement>(selector);
    if (!list || list.hasAttribute('inert')) return;
    list.setAttribute('inert', '');
    return () => list.removeAttribute('inert');
  }, [selector]);
}

/**
 * Another record opened into the open detail from outside it (a notification in the header, a
 * desktop notification): the focus follows into the detail, where that record now is. Moves within
 * the detail (an order's arrows, a tab) keep their focus.
 */
export function useFocusOnArrival(content: HTMLElement | null, locationKey: string): void {
  const seen = useRef(locationKey);
  useEffect(() => {
    if (seen.current === locationKey) return;
    seen.current = locationKey;
    if (content && !content.contains(document.activeElement)) content.focus();
  }, [content, locationKey]);
}

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

/** What Tab stops on under `root`, in document order (Radix's invisible focus guards left out). */
export function tabbables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !el.hasAttribute('data-radix-focus-guard') &&
      !el.closest('[inert]') &&
      el.getClientRects().length > 0 &&
      getComputedStyle(el).visibility !== 'hidden',
  );
}

/**
 * Tab past the detail's last control (Shift+Tab before its first) goes on to the page around it,
 * the header above all, in document order and round again; a Radix dialog would loop within itself
 * and leave the header out of reach. Keys another layer inside (a modal, a menu) handled are theirs.
 */
export function tabOutOfDetail(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const detail = event.currentTarget;
  const own = tabbables(detail);
  const edge = event.shiftKey ? own[0] : own.at(-1);
  if (!edge || document.activeElement !== edge) return;
  const page = tabbables(document.body).filter((el) => !detail.contains(el));
  const follows = (el: HTMLElement) =>
    Boolean(detail.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  const to = event.shiftKey
    ? (page.filter((el) => !follows(el)).at(-1) ?? page.at(-1))
    : (page.find(follows) ?? page[0]);
  if (!to) return;
  event.preventDefault();
  to.focus();
}

/**
 * Whether the Escape being handled began while a menu or listbox was open over the detail. That
 * Escape closes the popup only: the popup may be gone by the time the detail's own Escape handler
 * runs (React re-renders between listeners), so it is read in the window's capture phase, first.
 */
export function useEscapeStartedInPopup(): { current: boolean } {
  const started = useRef(false);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape')
        started.current = document.querySelector('[role="menu"], [role="listbox"]') !== null;
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  return started;
}
