import { useMediaQuery } from './use-media-query.js';

/**
 * Whether menus and popovers open modal: on a touch screen. A touch user, with no Escape key,
 * closes a menu by tapping outside it; a modal one closes as the finger goes down, and the tap's
 * click is then swallowed (lib/no-tap-through.ts) so it does not also open what lies under the
 * finger. With a mouse they stay non-modal: the page keeps its scroll bar, and a click outside does
 * what it aims at.
 */
export function useTouchModal(): boolean {
  return useMediaQuery('(pointer: coarse)');
}
