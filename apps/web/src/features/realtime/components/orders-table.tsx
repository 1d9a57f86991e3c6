import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type Comment,
  footerColour,
  ORDERS_INFINITE_SCROLL_PX,
  type Order,
  type OrdersFilter,
  PAGE_SIZE,
} from '@waybill/contracts';
import { Inbox } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BackToTop } from '../../../components/back-to-top/back-to-top.js';
import {
  EmptyState,
  NO_RESULTS_TEXT,
  NO_RESULTS_TITLE,
} from '../../../components/empty-state/empty-state.js';
import { ListFooter } from '../../../components/list-footer/list-footer.js';
import { SkeletonRows } from '../../../components/skeleton/skeleton-rows.js';
import { Spinner } from '../../../components/spinner/spinner.js';
import { OrderRow, type OrderRowContext } from './order-row.js';
import styles from './orders-table.module.css';
import { PayoutFilter } from './payout-filter.js';

export const ROW_HEIGHT = 64;

export type EmptyKind = 'default' | 'results';

export interface OrdersTableProps {
  rows: readonly Order[];
  comments: ReadonlyMap<string, Comment[]>;
  ctx: OrderRowContext;
  filter: OrdersFilter;
  onFilterChange: (next: OrdersFilter) => void;
  initialized: boolean;
  hasMore: boolean;
  searching: boolean;
  /** Which empty panel shows when there are no rows. */
  emptyKind: EmptyKind;
  onLoadMore: () => void;
}

/** Remaining scrollable distance below the viewport, in px. */
export function distanceToBottom(doc: Document = document, win: Window = window): number {
  return doc.documentElement.scrollHeight - (win.scrollY + win.innerHeight);
}

/** The order table: virtualised rows, infinite scroll 5000 px before the bottom, footer, Back to Top. */
export function OrdersTable({
  rows,
  comments,
  ctx,
  filter,
  onFilterChange,
  initialized,
  hasMore,
  searching,
  emptyKind,
  onLoadMore,
}: OrdersTableProps) {
  const headerRef = useRef<HTMLTableSectionElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const footerRef = useRef<HTMLElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the rows start in the document; the bars above can change height once statistics arrive.
  useLayoutEffect(() => {
    const top = Math.round((bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    getItemKey: (index) => rows[index]?.uid ?? index,
  });

  // Infinite scroll: ask for more whenever the bottom is within 5000 px (on scroll and after each page).
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;
  useEffect(() => {
    if (!initialized || !hasMore) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (distanceToBottom() <= ORDERS_INFINITE_SCROLL_PX) loadMore.current();
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [initialized, hasMore, rows.length]);

  if (initialized && rows.length === 0 && emptyKind === 'default') {
    return (
      <EmptyState
        testId="orders-empty-default"
        icon={<Inbox size={28} />}
        title="All caught up"
        text="There are no orders that need your attention right now. New orders show up here as they arrive."
      />
    );
  }

  const items = virtualizer.getVirtualItems();
  return (
    <div className={styles.wrapper}>
      <table
        className={styles.table}
        aria-label="Orders"
        aria-rowcount={rows.length + 1}
        aria-busy={searching}
      >
        <thead ref={headerRef} className={styles.head}>
          <tr className={styles.header} aria-rowindex={1}>
            <th className={styles.cellLogo}>
              <span className="visually-hidden">Store</span>
            </th>
            <th>Order ID</th>
            <th>Order Date</th>
            <th>Courier</th>
            <th>Last Status</th>
            <th>
              <PayoutFilter filter={filter} onChange={onFilterChange} />
            </th>
            <th>Comments</th>
            <th className={styles.cellActions}>Actions</th>
            <th className={styles.cellManaged}>
              <span className="visually-hidden">Managed by</span>
            </th>
          </tr>
        </thead>
        <tbody
          ref={bodyRef}
          className={styles.body}
          style={initialized && rows.length > 0 ? { height: virtualizer.getTotalSize() } : undefined}
        >
          {!initialized ? (
            <tr className={styles.placeholder}>
              <td colSpan={9}>
                <SkeletonRows rows={10} height={ROW_HEIGHT} />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr className={styles.placeholder}>
              <td colSpan={9}>
                <EmptyState testId="orders-no-results" title={NO_RESULTS_TITLE} text={NO_RESULTS_TEXT} />
              </td>
            </tr>
          ) : (
            items.map((item) => {
              const order = rows[item.index];
              if (!order) return null;
              return (
                <OrderRow
                  key={order.uid}
                  order={order}
                  comments={comments.get(order.uid)}
                  ctx={ctx}
                  index={item.index}
                  style={{
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
                  }}
                />
              );
            })
          )}
        </tbody>
      </table>
      {initialized && searching && rows.length > PAGE_SIZE ? (
        <div className={styles.loader}>
          <Spinner label="Loading more orders" />
        </div>
      ) : null}
      {initialized && rows.length > 0 && !hasMore ? (
        <ListFooter ref={footerRef} count={rows.length} noun="Order" colour={footerColour(rows)} />
      ) : null}
      <BackToTop headerRef={headerRef} footerRef={footerRef} />
    </div>
  );
}
