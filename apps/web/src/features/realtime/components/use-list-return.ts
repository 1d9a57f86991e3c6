import type { Order, OrdersFilter } from '@waybill/contracts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { publishOrderQueue, takeListReturn } from '../../../components/comments/order-sequence.js';
import { ROW_HEIGHT } from './orders-table.js';

const DETAIL_PREFIX = '/realtime/';
const ROW_SELECTOR = 'tr[data-testid="order-row"]';
/** How long to wait for the row to render again before giving up on focusing it. */
const GIVE_UP_MS = 4_000;

/**
 * The list's half of working a queue: it publishes what it lists (for the detail's arrows and its
 * way back), and when the detail closes it puts back the scroll position and focuses the row of the
 * order shown last (scrolled into view if it is off screen).
 */
export function useListReturn(rows: readonly Order[], filter: OrdersFilter, hasMore: boolean): void {
  const location = useLocation();
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
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
    const started = performance.now();
    window.scrollTo({ top: back.scrollY });
    const restore = () => {
      const row = back.uid
        ? document.querySelector<HTMLElement>(`${ROW_SELECTOR}[data-uid="${CSS.escape(back.uid)}"]`)
        : null;
      if (!row) {
        if (!back.uid || performance.now() - started > GIVE_UP_MS) return;
        // A listed row the virtual table has not rendered (the arrows went far): scroll near it,
        // again every few frames while it is not there (rows may still be arriving).
        const index = rowsRef.current.findIndex((o) => o.uid === back.uid);
        const any = document.querySelector<HTMLElement>(`${ROW_SELECTOR}[data-index]`);
        if (tries++ % 10 === 0 && index >= 0 && any) {
          // Rows are taller where they take two lines (a tablet held upright).
          const offset = (index - Number(any.dataset.index)) * (any.offsetHeight || ROW_HEIGHT);
          window.scrollBy({ top: any.getBoundingClientRect().top + offset - window.innerHeight / 2 });
        }
        frame = requestAnimationFrame(restore);
        return;
      }
      const box = row.getBoundingClientRect();
      // A row under the sticky table header is not in view either.
      const headerBottom = row.closest('table')?.querySelector('thead')?.getBoundingClientRect().bottom ?? 0;
      const visible = box.top >= Math.max(0, headerBottom) && box.bottom <= window.innerHeight;
      row.focus({ preventScroll: visible });
      if (!visible) row.scrollIntoView({ block: 'center' });
    };
    frame = requestAnimationFrame(restore);
    return () => cancelAnimationFrame(frame);
  }, [onList]);
}
