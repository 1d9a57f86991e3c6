import type { Order, OrdersFilter } from '@waybill/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { publishOrderQueue, takeListReturn } from '../../../components/comments/order-sequence.js';

const DETAIL_PREFIX = '/realtime/';
/** Frames to wait for the list's rows to render again before giving up on focusing the row. */
const MAX_FRAMES = 60;

/**
 * The list's half of working a queue: it publishes what it lists (for the detail's arrows and its
 * way back), and when the detail closes it puts back the scroll position and focuses the row of the
 * order shown last (scrolled into view if it is off screen).
 */
export function useListReturn(rows: readonly Order[], filter: OrdersFilter, hasMore: boolean): void {
  const location = useLocation();
  const onList = !location.pathname.startsWith(DETAIL_PREFIX);
  const listHref = `${location.pathname === '/' ? '/realtime' : location.pathname}${location.search}`;

  useEffect(() => {
    // While the detail is open the list keeps its filter; its URL is the one it had.
    if (!onList) return;
    publishOrderQueue({
      entries: rows.map((o) => ({ uid: o.uid, commented: o.comments.count_ > 0 })),
      filter,
      hasMore,
      listHref,
    });
  }, [rows, filter, hasMore, listHref, onList]);

  useEffect(() => {
    if (!onList) return;
    const back = takeListReturn();
    if (!back) return;
    let frame = 0;
    let tries = 0;
    const restore = () => {
      window.scrollTo({ top: back.scrollY });
      const row = back.uid
        ? document.querySelector<HTMLElement>(
            `tr[data-testid="order-row"][data-uid="${CSS.escape(back.uid)}"]`,
          )
        : null;
      if (!row) {
        if (back.uid && ++tries < MAX_FRAMES) frame = requestAnimationFrame(restore);
        return;
      }
      const box = row.getBoundingClientRect();
      const visible = box.top >= 0 && box.bottom <= window.innerHeight;
      row.focus({ preventScroll: visible });
      if (!visible) row.scrollIntoView({ block: 'center' });
    };
    frame = requestAnimationFrame(restore);
    return () => cancelAnimationFrame(frame);
  }, [onList]);
}
