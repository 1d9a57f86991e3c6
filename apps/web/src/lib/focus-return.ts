import { useCallback, useRef } from 'react';

/**
 * Layers that hand the focus on themselves: their items open what comes next (a menu item opens a
 * dialog), so the control to come back to is the one focused before them.
 */
const PASSING = '[role="menu"], [role="menubar"], [role="listbox"], [data-radix-popper-content-wrapper]';

let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined')
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest(PASSING)) lastFocused = target;
    },
    true,
  );

/**
 * For a dialog that has no trigger element of its own (it opens from a menu, a shortcut or a list
 * row): remembers what was focused when `open` turned true, and gives the dialog's
 * `onCloseAutoFocus` that puts the focus back there, so a keyboard user keeps their place. When
 * that control is gone, the browser's default applies.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // During render: the dialog's own focus moves in from an effect, before any effect of ours.
  if (open && !wasOpen.current) opener.current = lastFocused;
  wasOpen.current = open;
  return useCallback((event: Event) => {
    const element = opener.current;
    if (!element?.isConnected) return;
    event.preventDefault();
    element.focus({ preventScroll: true });
  }, []);
}
