import {
  INBOUNDS_INFINITE_SCROLL_PX,
  inboundCardsForced,
  type OperatorInboundStatus,
} from '@waybill/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  BackToTop,
  EmptyState,
  ListFooter,
  NO_RESULTS_TEXT,
  NO_RESULTS_TITLE,
  SkeletonRows,
  SpinnerOverlay,
} from '../../../components/index.js';
import { useDebouncedText } from '../../../hooks/use-debounced-text.js';
import { useInfiniteScroll } from '../../../hooks/use-infinite-scroll.js';
import { useNow } from '../../../hooks/use-now.js';
import { useChangeInboundStatus } from '../api/use-change-inbound-status.js';
import { useInboundsList } from '../api/use-inbounds-list.js';
import { useInboundReference } from '../api/use-reference.js';
import { useInboundsFilter } from '../hooks/use-inbounds-filter.js';
import { effectivePriorities } from '../lib/buckets.js';
import { DeleteModal } from './delete-modal.js';
import { ExportModal } from './export-modal.js';
import { InboundFilters } from './inbound-filters.js';
import { type InboundAction, InboundRow } from './inbound-row.js';
import { InboundToolbar } from './inbound-toolbar.js';
import styles from './inbounds-page.module.css';
import { StatusDateModal } from './status-date-modal.js';

const STATUS_OF: Record<Exclude<InboundAction, 'export'>, OperatorInboundStatus> = {
  arrived: 'arrived',
  processing: 'processing',
  delete: 'cancelled',
};

/** The inbound list screen (/inbounds). */
export function InboundsPage() {
  const navigate = useNavigate();
  const reference = useInboundReference();
  const { filter, update } = useInboundsFilter(reference.me);
  const now = useNow();
  const headerRef = useRef<HTMLTableSectionElement>(null);
  const footerRef = useRef<HTMLElement>(null);

  // The search box sends its value 300 ms after typing.
  const [searchText, setSearchText] = useDebouncedText(filter.searchTerm, (searchTerm) =>
    update({ searchTerm }),
  );

  // Processed and cancelled are forced on while errors, alerts and on schedule are all empty.
  const [forced, setForced] = useState(false);
  const requestFilter = useMemo(
    () => ({ ...filter, displayPriorities: effectivePriorities(filter.displayPriorities, forced) }),
    [filter, forced],
  );
  const list = useInboundsList(requestFilter);
  const meta = list.meta;
  useEffect(() => {
    if (meta) setForced(inboundCardsForced(meta.display_statistics));
  }, [meta]);

  const searching = list.isUpdating || searchText.trim() !== filter.searchTerm;
  useInfiniteScroll(
    list.hasMore && !searching,
    INBOUNDS_INFINITE_SCROLL_PX,
    () => {
      if (list.hasMore) list.loadMore();
    },
    list.rows.length,
  );

  const [action, setAction] = useState<{ uid: string; kind: InboundAction } | null>(null);
  const status = useChangeInboundStatus(list.refresh);
  const target = action ? list.rows.find((r) => r.uid === action.uid) : undefined;
  const closeAction = useCallback(() => {
    setAction(null);
    status.reset();
  }, [status.reset]);

  const open = useCallback(
    (uid: string) => navigate(`/inbounds/inbound?uid=${encodeURIComponent(uid)}&cached=true`),
    [navigate],
  );
  const onAction = useCallback((uid: string, kind: InboundAction) => setAction({ uid, kind }), []);

  return (
    <div className={styles.page}>
      <div className={styles.filters}>
        <InboundFilters filter={filter} stats={meta} reference={reference} onChange={update} />
      </div>
      <InboundToolbar
        filter={filter}
        stats={meta}
        forced={forced}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={update}
      />
      <div className={styles.divider} aria-hidden />

      {list.isLoading ? (
        <SkeletonRows rows={10} />
      ) : list.rows.length === 0 ? (
        <EmptyState title={NO_RESULTS_TITLE} text={NO_RESULTS_TEXT} testId="inbounds-empty" />
      ) : (
        <table className={styles.table} aria-busy={list.isUpdating || undefined} data-testid="inbounds-table">
          <thead ref={headerRef}>
            <tr>
              <th scope="col">Reception</th>
              <th scope="col">SKUs and Items</th>
              <th scope="col">Warehouse</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((inbound) => (
              <InboundRow
                key={inbound.uid}
                inbound={inbound}
                reference={reference}
                now={now}
                onOpen={open}
                onAction={onAction}
              />
            ))}
          </tbody>
        </table>
      )}
      {list.hasMore ? <SkeletonRows rows={2} /> : null}
      {list.rows.length > 0 && !list.hasMore ? (
        <ListFooter ref={footerRef} count={list.rows.length} noun="Inbound" />
      ) : null}
      <BackToTop headerRef={headerRef} footerRef={footerRef} />
      {list.isUpdating && !list.isLoadingMore && list.rows.length > 0 ? (
        <SpinnerOverlay label="Loading inbounds" />
      ) : null}

      {action && (action.kind === 'arrived' || action.kind === 'processing') ? (
        <StatusDateModal
          key={`${action.uid}-${action.kind}`}
          kind={action.kind}
          inbound={target}
          reference={reference}
          onSave={(date) => status.change(action.uid, STATUS_OF[action.kind as 'arrived'], date)}
          onClose={closeAction}
        />
      ) : null}
      {action?.kind === 'delete' ? (
        <DeleteModal
          inbound={target}
          reference={reference}
          busy={status.isPending}
          onConfirm={() => status.change(action.uid, 'cancelled', new Date())}
          onClose={closeAction}
        />
      ) : null}
      {action?.kind === 'export' ? (
        <ExportModal key={action.uid} inbound={target} reference={reference} onClose={closeAction} />
      ) : null}
    </div>
  );
}
