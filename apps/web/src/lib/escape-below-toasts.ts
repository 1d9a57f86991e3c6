/**
 * Escape and the toasts. A shown toast is the top dismissable layer, so Escape pressed anywhere
 * would close the toast first and need pressing again for the dialog the user is in. Layers that
 * mark their content with ESCAPE_BELOW_TOASTS get the press instead: the toast lets it through
 * (passEscapeBelow) and the layer closes on it (escapePassedBelow) from its own key handler.
 */
export const ESCAPE_BELOW_TOASTS = 'data-escape-below-toasts';

const passed = new WeakSet<Event>();

/** From a toast's Escape handler: true when the press is for the layer holding the focus. */
export function passEscapeBelow(event: Event): boolean {
  const focused = document.activeElement;
  if (!focused?.closest(`[${ESCAPE_BELOW_TOASTS}]`)) return false;
  passed.add(event);
  return true;
}

/** In a marked layer's keydown handler: this Escape was let through by a toast. */
export function escapePassedBelow(event: Event): boolean {
  return passed.has(event);
}
