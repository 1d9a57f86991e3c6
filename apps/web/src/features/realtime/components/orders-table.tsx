import {
  type Comment,
  footerColour,
  ORDERS_INFINITE_SCROLL_PX,
  type Order,
  type OrderCommentCounts,
  type OrdersFilter,
  PAGE_SIZE,
  showListFooter,
} from '@waybill/contracts';
import { Inbox } from 'lucide-react';
import { useMemo, useRef } from 'react';
import {
  EmptyState,
  NO_RESULTS_TEXT,
  NO_RESULTS_TITLE,
} from '../../../components/empty-state/empty-state.js';
import { isOwnOnly, OwnFilterEmpty } from '../../../components/empty-state/own-filter-empty.js';
import { ListFooter } from '../../../components/list-footer/list-footer.js';
import { SkeletonRows } from '../../../components/skeleton/skeleton-rows.js';
import { Spinner } from '../../../components/spinner/spinner.js';
import { VirtualTable, type VirtualTableColumn } from '../../../components/virtual-table/virtual-table.js';
import { useMediaQuery } from '../../../hooks/use-media-query.js';
import { SelectAllCheckbox } from './bulk/selection.js';
import { OrderRow, type OrderRowContext } from './order-row.js';
import styles from './orders-table.module.css';
import { PayoutFilter } from './payout-filter.js';
import { SearchHint } from './search-hint.js';

export const ROW_HEIGHT = 64;
/** A tablet held upright lays each order on two lines, a phone as a card (orders-table.module.css). */
const TWO_LINE_ROW_HEIGHT = 104;
const TWO_LINE_ROWS = '(max-width: 1023px)';
const CARD_HEIGHT = 216;
const CARDS = '(max-width: 599px)';

/** The height of an order row at the window's current width. */
export function useOrderRowHeight(): number {
  const twoLines = useMediaQuery(TWO_LINE_ROWS);
  const cards = useMediaQuery(CARDS);
  if (cards) return CARD_HEIGHT;
  return twoLines ? TWO_LINE_ROW_HEIGHT : ROW_HEIGHT;
}

export type EmptyKind = 'default' | 'results' | 'mine';

/** What an empty list says when no filter or search emptied it (those get "No results"). */
const EMPTY_LISTS: Record<Exclude<EmptyKind, 'results'>, { testId: string; title: string; text: string }> = {
  default: {
    testId: 'orders-empty-default',
    title: 'All caught up',
    text: 'There are no orders that need your attention right now. New orders show up here as they arrive.',
  },
  mine: {
    testId: 'orders-empty-mine',
    title: 'You hold no orders',
    text: 'Orders you take show here while you hold them. Take one from its row menu, its detail or with the t key.',
  },
};

export interface OrdersTableProps {
  rows: readonly Order[];
  comments: ReadonlyMap<string, Comment[]>;
  /** The list's counts over each order's whole thread, by order uid. */
  commentCounts?: ReadonlyMap<string, OrderCommentCounts>;
  ctx: OrderRowContext;
  filter: OrdersFilter;
  onFilterChange: (next: OrdersFilter) => void;
  initialized: boolean;
  hasMore: boolean;
  searching: boolean;
  /** Which empty panel shows when there are no rows. */
  emptyKind: EmptyKind;
  onLoadMore: () => void;
  /** The signed-in user: an empty list filtered on them alone says so and offers all users. */
  me?: { uid: string; name: string } | null;
  /** In the footer when the list stops short of what matches (ListCapNotice). */
  capNotice?: React.ReactNode;
}

/** The order table: virtualised rows, infinite scroll 5000 px before the bottom, footer, Back to Top. */
export function OrdersTable({
  rows,
  comments,
  commentCounts,
  ctx,
  filter,
  onFilterChange,
  initialized,
  hasMore,
  searching,
  emptyKind,
  onLoadMore,
  me = null,
  capNotice,
}: OrdersTableProps) {
  const footerRef = useRef<HTMLElement>(null);
  const rowHeight = useOrderRowHeight();
  const columns = useMemo<VirtualTableColumn[]>(
    () => [
      { key: 'tick', className: styles.cellTick, header: <SelectAllCheckbox /> },
      { key: 'logo', className: styles.cellLogo, header: <span className="visually-hidden">Store</span> },
      { key: 'id', header: 'Order ID' },
      { key: 'date', header: 'Order Date' },
      { key: 'courier', header: 'Courier' },
      { key: 'status', header: 'Last Status' },
      { key: 'payout', header: <PayoutFilter filter={filter} onChange={onFilterChange} /> },
      { key: 'comments', header: 'Comments' },
      { key: 'actions', className: styles.cellActions, header: 'Actions' },
      {
        key: 'managed',
        className: styles.cellManaged,
        header: <span className="visually-hidden">Managed by</span>,
      },
    ],
    [filter, onFilterChange],
  );

  if (
    initialized &&
    rows.length === 0 &&
    emptyKind === 'default' &&
    me &&
    isOwnOnly(filter.assignedUsersUIDS, me.uid)
  ) {
    return (
      <OwnFilterEmpty
        noun="orders"
        userName={me.name}
        icon={<Inbox size={28} />}
        onShowAll={() => onFilterChange({ ...filter, assignedUsersUIDS: [] })}
        testId="orders-empty-default"
      />
    );
  }
  if (initialized && rows.length === 0 && emptyKind !== 'results') {
    const empty = EMPTY_LISTS[emptyKind];
    return (
      <EmptyState testId={empty.testId} icon={<Inbox size={28} />} title={empty.title} text={empty.text} />
    );
  }

  return (
    <div className={styles.wrapper}>
      <VirtualTable
        label="Orders"
        className={styles.table}
        headClassName={styles.head}
        headerRowClassName={styles.header}
        bodyClassName={styles.body}
        columns={columns}
        rows={rows}
        rowKey={(order) => order.uid}
        rowHeight={rowHeight}
        fixedRowHeight
        placeholder={
          !initialized ? (
            <SkeletonRows rows={10} height={rowHeight} />
          ) : rows.length === 0 ? (
            <EmptyState
              testId="orders-no-results"
              title={NO_RESULTS_TITLE}
              text={NO_RESULTS_TEXT}
              action={
                filter.reference.trim() ? (
                  <SearchHint filter={filter} onFilterChange={onFilterChange} />
                ) : undefined
              }
            />
          ) : undefined
        }
        renderRow={(order, index, style) => (
          <OrderRow
            key={order.uid}
            order={order}
            comments={comments.get(order.uid)}
            commentCounts={commentCounts?.get(order.uid)}
            ctx={ctx}
            index={index}
            style={style}
          />
        )}
        hasMore={initialized && hasMore}
        loadMoreWithinPx={ORDERS_INFINITE_SCROLL_PX}
        onLoadMore={onLoadMore}
        busy={searching}
        backToTopHidesAt={footerRef}
      >
        {initialized && searching && rows.length > PAGE_SIZE ? (
          <div className={styles.loader}>
            <Spinner label="Loading more orders" />
          </div>
        ) : null}
        {initialized && showListFooter(rows.length, hasMore) ? (
          <ListFooter
            ref={footerRef}
            count={rows.length}
            noun="Order"
            colour={footerColour(rows)}
            note={capNotice}
          />
        ) : null}
      </VirtualTable>
    </div>
  );
}
