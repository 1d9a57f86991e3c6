import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useInfiniteScroll } from '../../hooks/use-infinite-scroll.js';
import { BackToTop } from '../back-to-top/back-to-top.js';
import { SkeletonRows } from '../skeleton/skeleton-rows.js';
import { useFirstRowsDeferred } from './use-first-rows-deferred.js';
import styles from './virtual-table.module.css';

export interface VirtualTableColumn {
  key: string;
  header: ReactNode;
  className?: string;
  /** Fixed share of the table ('25%', '53px'): columns keep their width while rows come and go. */
  width?: string;
}

export interface VirtualTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly VirtualTableColumn[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** One `<tr>` per row; `style` carries the row's estimated height, when the row takes it. */
  renderRow: (row: Row, index: number, style: CSSProperties) => ReactNode;
  /** Row height in px: exact when `fixedRowHeight`, else an estimate and rows are measured as they render. */
  rowHeight: number;
  fixedRowHeight?: boolean;
  /** Shown in one full-width row instead of the rows (skeleton, no results). */
  placeholder?: ReactNode;
  /** Infinite scroll: `onLoadMore` runs when the page bottom is within `loadMoreWithinPx`. */
  hasMore: boolean;
  loadMoreWithinPx: number;
  onLoadMore: () => void;
  /** Paused while the list is being re-read (a new filter, a page on its way). */
  busy?: boolean;
  /** Under the table: a loading-more row, the list footer. */
  children?: ReactNode;
  /** The list footer, when Back to Top hides while it is in view (the orders list's rule). */
  backToTopHidesAt?: RefObject<HTMLElement | null>;
  /** Replaces the shared table style (orders lay their rows out as a grid). */
  className?: string;
  /** On a phone the rows stack as cards, each laid out by the row's own style. */
  cardsOnPhone?: boolean;
  headClassName?: string;
  headerRowClassName?: string;
  bodyClassName?: string;
  testId?: string;
}

/** Loading rows shown while the first rows mount. */
const LOADING_ROWS = 10;

/** Rows rendered past each edge of the viewport cover this much: fewer of the tall phone cards. */
const OVERSCAN_PX = 640;

/**
 * The console's list table: a real `<table>` (row and column headers for assistive technology,
 * `aria-rowcount`/`aria-rowindex` for the rows not in the DOM) whose body renders only the rows near
 * the viewport, between two spacer rows, so 10,000 rows scroll as smoothly as 20. Rows are measured
 * as they render (heights may differ); columns take fixed widths so they do not shift while
 * scrolling. Infinite scroll and Back to Top (the header's original position 40 px out of view; over
 * room left under the list's end, or hidden while the footer shows with `backToTopHidesAt`) are here.
 */
export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { rowHeight, columns, hasMore } = props;
  const { rows, placeholder, pending } = useFirstRowsDeferred(
    props.rows,
    props.placeholder,
    <SkeletonRows rows={LOADING_ROWS} height={rowHeight} />,
  );
  const busy = Boolean(props.busy) || pending;
  // The header is sticky in some lists: Back to Top measures where it starts, not where it sticks.
  const headerRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const showRows = placeholder === undefined;

  // Where the rows start in the document; the bars above can change height once statistics arrive.
  useLayoutEffect(() => {
    const top = Math.round((bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: showRows ? rows.length : 0,
    estimateSize: () => rowHeight,
    // A row without layout (hidden, or a test DOM) keeps its estimate rather than collapsing to 0.
    measureElement: (element) => element.getBoundingClientRect().height || rowHeight,
    overscan: Math.ceil(OVERSCAN_PX / rowHeight),
    scrollMargin,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : props.rowKey(row);
    },
  });
  const items = virtualizer.getVirtualItems();
  // One style object for every row, so memoised rows do not re-render on each scrolled frame.
  const rowStyle = useMemo<CSSProperties>(() => ({ height: rowHeight }), [rowHeight]);

  // Rows render as the features draw them; the shell numbers and measures them in the DOM.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body || !showRows) return;
    const rendered = body.querySelectorAll<HTMLTableRowElement>(':scope > tr:not([data-spacer])');
    rendered.forEach((tr, i) => {
      const item = items[i];
      if (!item) return;
      tr.dataset.index = String(item.index);
      tr.setAttribute('aria-rowindex', String(item.index + 2));
      if (!props.fixedRowHeight) virtualizer.measureElement(tr);
    });
  });

  useInfiniteScroll(showRows && hasMore && !busy, props.loadMoreWithinPx, props.onLoadMore, rows.length);

  const before = items.length > 0 ? (items[0]?.start ?? 0) - scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - ((items.at(-1)?.end ?? 0) - scrollMargin) : 0;
  const spacer = (height: number, key: string) =>
    height > 0 ? (
      // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, never focusable; not a table row to read
      <tr key={key} data-spacer="" aria-hidden="true" className={styles.spacer}>
        <td colSpan={columns.length} style={{ height }} />
      </tr>
    ) : null;

  return (
    <>
      <div ref={headerRef} aria-hidden data-testid="table-top" className={styles.sentinel} />
      <table
        ref={tableRef}
        // Focusable from script only: Back to Top leaves the focus on the list it went up.
        tabIndex={-1}
        className={[props.className ?? styles.table, props.cardsOnPhone ? styles.cards : '']
          .filter(Boolean)
          .join(' ')}
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        aria-busy={busy}
        data-testid={props.testId}
      >
        {columns.some((c) => c.width) ? (
          <colgroup>
            {columns.map((c) => (
              <col key={c.key} style={c.width ? { width: c.width } : undefined} />
            ))}
          </colgroup>
        ) : null}
        <thead className={props.headClassName}>
          <tr aria-rowindex={1} className={props.headerRowClassName}>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={bodyRef} className={props.bodyClassName}>
          {showRows ? (
            <>
              {spacer(before, 'before')}
              {items.map((item) => {
                const row = rows[item.index];
                return row === undefined ? null : props.renderRow(row, item.index, rowStyle);
              })}
              {spacer(after, 'after')}
            </>
          ) : (
            <tr data-spacer="" className={styles.placeholder}>
              <td colSpan={columns.length}>{placeholder}</td>
            </tr>
          )}
        </tbody>
      </table>
      {props.children}
      <BackToTop headerRef={headerRef} hideAtFooter={props.backToTopHidesAt} focusAfter={tableRef} />
    </>
  );
}
