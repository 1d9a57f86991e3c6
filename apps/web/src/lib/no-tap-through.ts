/**
 * A tap outside an open menu or popover closes it, and does nothing else. On a touch screen that
 * tap is how one closes a menu (there is no Escape key). While one is open the page under it takes
 * no touch (`styles/global.css`), but a menu closes as the finger goes down, so the click that
 * follows would land on whatever lies under the finger: an order opens, a filter changes. The click
 * of such a tap is swallowed before anything sees it. A popover closes on that click instead, and
 * it lands on the page itself (nothing under the finger takes it): that click goes on, to the
 * popover's own outside-click handling. A mouse click outside still does what it aims at. A tooltip
 * is no such layer: a tap beside one does what it aims at.
 */
const OPEN_LAYER = '[data-radix-popper-content-wrapper]:not(:has([role="tooltip"]))';

export function installNoTapThrough(doc: Document): void {
  doc.addEventListener(
    'pointerdown',
    (event) => {
      if (event.pointerType !== 'touch') return;
      const open = doc.querySelector(OPEN_LAYER);
      if (!open || (event.target instanceof Node && open.contains(event.target))) return;
      // On the page itself (nothing under the finger took it) the click goes on: a popover
      // closes on it.
      swallowClickOfThisTap(doc, (click) => click.target === doc.documentElement);
    },
    true,
  );
}

/** The click the touch now down will end in, if any, reaches nothing (unless `letThrough` says so). */
export function swallowClickOfThisTap(doc: Document, letThrough?: (click: Event) => boolean): void {
  const swallow = (click: Event) => {
    if (letThrough?.(click)) return;
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
