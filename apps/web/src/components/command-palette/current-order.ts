const DETAIL_PATH = '/realtime/order';
const ROW_SELECTOR = 'tr[data-testid="order-row"]';

/**
 * The order the palette's commands act on, read as it opens: the order open in the detail, else the
 * order of the focused list row; null when neither.
 */
export function currentOrderUid(loc: Pick<Location, 'pathname' | 'search'> = window.location): string | null {
  if (loc.pathname === DETAIL_PATH) return new URLSearchParams(loc.search).get('uid')?.trim() || null;
  return document.activeElement?.closest<HTMLElement>(ROW_SELECTOR)?.dataset.uid ?? null;
}
