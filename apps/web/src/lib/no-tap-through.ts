/**
 * A tap outside an open menu or popover closes it, and does nothing else. On a touch screen that
 * tap is how one closes a menu (there is no Escape key), and Radix closes the menu as the finger
 * goes down, so the click that follows would land on whatever lies under the finger: an order
 * opens, a filter changes. The click of such a tap is swallowed before anything sees it. A mouse
 * click outside still does what it aims at. A tooltip is no such layer: a tap beside one does what
 * it aims at.
 */
const OPEN_LAYER = '[data-radix-popper-content-wrapper]:not(:has([role="tooltip"]))';

export function installNoTapThrough(doc: Document): void {
  doc.addEventListener(
    'pointerdown',
    (event) => {
      if (event.pointerType !== 'touch') return;
      const open = doc.querySelector(OPEN_LAYER);
      if (!open || (event.target instanceof Node && open.contains(event.target))) return;
      swallowClickOfThisTap(doc);
    },
    true,
  );
}

/** The click the touch now down will end in, if any, reaches nothing. */
export function swallowClickOfThisTap(doc: Document): void {
  const swallow = (click: Event) => {
    click.preventDefault();
    click.stopPropagation();
  };
  doc.addEventListener('click', swallow, { capture: true, once: true });
  // A tap that became a scroll never clicks: the next gesture must not lose its click.
  doc.addEventListener('pointerdown', () => doc.removeEventListener('click', swallow, true), {
    capture: true,
    once: true,
  });
}
