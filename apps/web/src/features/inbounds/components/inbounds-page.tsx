import {
  INBOUND_ACTION_STATUS,
  INBOUNDS_INFINITE_SCROLL_PX,
  type Inbound,
  inboundCardsForced,
  inboundNarrowingFilters,
} from '@waybill/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BackendUnreachableBanner } from '../../../components/backend-unreachable/backend-unreachable-banner.js';
import {
  EmptyState,
  ListFooter,
  LiveBlockedBanner,
  LivePausedBanner,
  NO_RESULTS_TEXT,
  NO_RESULTS_TITLE,
  SkeletonRows,
  SpinnerOverlay,
  VirtualTable,
  type VirtualTableColumn,
} from '../../../components/index.js';
import { useDebouncedText } from '../../../hooks/use-debounced-text.js';
import { useDrafts } from '../../../hooks/use-drafts.js';
import { useNow } from '../../../hooks/use-now.js';
import { useUnreachableRetry } from '../../../hooks/use-unreachable-retry.js';
import { asDateDraft, dateModalsAt } from '../../../lib/drafts.js';
import { useInboundsList } from '../api/use-inbounds-list.js';
import { useInboundReference } from '../api/use-reference.js';
import { useInboundStatusActions } from '../hooks/use-inbound-status-actions.js';
import { useInboundsFilter } from '../hooks/use-inbounds-filter.js';
import { effectivePriorities } from '../lib/buckets.js';
import { DeleteModal } from './delete-modal.js';
import { ExportModal } from './export-modal.js';
import { InboundFilters } from './inbound-filters.js';
import { type InboundAction, InboundRow } from './inbound-row.js';
import { InboundToolbar } from './inbound-toolbar.js';
import styles from './inbounds-page.module.css';
import { StatusDateModal } from './status-date-modal.js';

/** Rows are 64 px, 75 px with a warehouse identifier; the table measures them. */
const ROW_HEIGHT = 64;

/** Column shares as the table laid them out before it was virtualised. */
const COLUMNS: VirtualTableColumn[] = [
  { key: 'reception', header: 'Reception', width: '25.6%' },
  { key: 'items', header: 'SKUs and Items', width: '16.3%' },
  { key: 'warehouse', header: 'Warehouse', width: '27.5%' },
  { key: 'status', header: 'Status', width: '26.2%' },
  { key: 'actions', header: <span className="visually-hidden">Actions</span> },
];

/** The inbound list screen (/inbounds). */
export function InboundsPage() {
  const navigate = useNavigate();
  const reference = useInboundReference();
  const { filter, update } = useInboundsFilter(reference.me);
  const now = useNow();

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
  // While a new search cannot get through, rows and counts both stay those of the last answer.
  const { unreachable, rows: keptRows, meta } = useUnreachableRetry(list);
  useEffect(() => {
    if (meta) setForced(inboundCardsForced(meta.display_statistics));
  }, [meta]);

  const status = useInboundStatusActions(list.rows, list.refresh);
  const rows = useMemo(() => status.applyPending(keptRows), [status.applyPending, keptRows]);
  const ownOnly =
    reference.me !== null &&
    filter.assignedUsersUIDS.length === 1 &&
    filter.assignedUsersUIDS[0] === reference.me.uid;
  const narrowing = inboundNarrowingFilters(filter, reference.me?.uid);
  const searching = list.isUpdating || searchText.trim() !== filter.searchTerm;
  const loadMore = useCallback(() => {
    if (list.hasMore) list.loadMore();
  }, [list.hasMore, list.loadMore]);

  // The modal keeps the inbound as it was when opened: it stays open if the row changes or leaves.
  const [action, setAction] = useState<{ uid: string; kind: InboundAction; opened: Inbound } | null>(null);
  const target = action ? list.rows.find((r) => r.uid === action.uid) : undefined;
  const closeAction = useCallback(() => {
    setAction(null);
    status.reset();
  }, [status.reset]);

  const open = useCallback(
    (uid: string) => navigate(`/inbounds/inbound?uid=${encodeURIComponent(uid)}&cached=true`),
    [navigate],
  );
  const rowsRef = useRef(list.rows);
  rowsRef.current = list.rows;
  const onAction = useCallback((uid: string, kind: InboundAction) => {
    const opened = rowsRef.current.find((r) => r.uid === uid);
    if (opened) setAction({ uid, kind, opened });
  }, []);

  // A date modal that was open when the page was reloaded (or the browser crashed) opens again
  // with the typed date, once its inbound is among the first loaded rows.
  const drafts = useDrafts();
  const reopened = useRef(false);
  useEffect(() => {
    if (reopened.current || !list.initialized) return;
    reopened.current = true;
    for (const { id, draft } of dateModalsAt(drafts.list('date', asDateDraft), 'inbound-row')) {
      const opened = list.rows.find((r) => r.uid === id);
      if (opened && (draft.kind === 'arrived' || draft.kind === 'processing')) {
        setAction({ uid: id, kind: draft.kind, opened });
        return;
      }
    }
  }, [list.initialized, list.rows, drafts]);

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

      {list.pause ? <LivePausedBanner dataAt={list.pause.dataAt} /> : null}
      {list.blocked ? (
        <LiveBlockedBanner dataAt={list.blocked.dataAt} onRefresh={() => void list.refresh()} />
      ) : null}
      {unreachable ? <BackendUnreachableBanner /> : null}
      {unreachable && rows.length > 0 ? (
        <p className={styles.stale} role="note" data-testid="inbounds-stale">
          Showing the last inbounds received, with their counts: they may not match the filters above.
        </p>
      ) : null}
      {rows.length === 0 && list.isLoading ? (
        <SkeletonRows rows={10} />
      ) : rows.length === 0 && ownOnly && reference.me && narrowing.length === 1 ? (
        // Filtered on the user themself (their default): say so, and offer the whole list.
        <EmptyState
          title="No inbounds assigned to you"
          text={`This list shows only inbounds assigned to ${reference.me.name}, and there are none.`}
          action={
            <button
              type="button"
              className={styles.showAll}
              onClick={() => update({ assignedUsersUIDS: [] })}
            >
              Show all users
            </button>
          }
          testId="inbounds-empty"
        />
      ) : rows.length === 0 && narrowing.length > 0 ? (
        // Say which filters emptied the list, not just that it is empty.
        <EmptyState
          title={NO_RESULTS_TITLE}
          text={`No inbounds match these filters: ${narrowing.join(', ')}.`}
          testId="inbounds-empty"
        />
      ) : rows.length === 0 ? (
        <EmptyState title={NO_RESULTS_TITLE} text={NO_RESULTS_TEXT} testId="inbounds-empty" />
      ) : (
        <VirtualTable
          label="Inbounds"
          testId="inbounds-table"
          cardsOnPhone
          columns={COLUMNS}
          rows={rows}
          rowKey={(inbound) => inbound.uid}
          rowHeight={ROW_HEIGHT}
          renderRow={(inbound) => (
            <InboundRow
              key={inbound.uid}
              inbound={inbound}
              reference={reference}
              now={now}
              onOpen={open}
              onAction={onAction}
            />
          )}
          hasMore={list.hasMore}
          busy={searching}
          loadMoreWithinPx={INBOUNDS_INFINITE_SCROLL_PX}
          onLoadMore={loadMore}
        >
          {list.hasMore ? <SkeletonRows rows={2} /> : null}
          {!list.hasMore ? <ListFooter count={rows.length} noun="Inbound" /> : null}
        </VirtualTable>
      )}
      {list.isUpdating && !list.isLoadingMore && !unreachable && rows.length > 0 ? (
        <SpinnerOverlay label="Loading inbounds" />
      ) : null}

      {action && (action.kind === 'arrived' || action.kind === 'processing') ? (
        <StatusDateModal
          key={`${action.uid}-${action.kind}`}
          kind={action.kind}
          inbound={action.opened}
          listRow={target}
          reference={reference}
          onSave={(inbound, date) => status.change(inbound, action.kind as 'arrived' | 'processing', date)}
          onClose={closeAction}
        />
      ) : null}
      {action?.kind === 'delete' ? (
        <DeleteModal
          key={action.uid}
          inbound={action.opened}
          listRow={target}
          reference={reference}
          busy={status.isPending}
          onConfirm={(inbound) => status.change(inbound, INBOUND_ACTION_STATUS.delete, new Date())}
          onClose={closeAction}
        />
      ) : null}
      {action?.kind === 'export' ? (
        <ExportModal key={action.uid} inbound={target} reference={reference} onClose={closeAction} />
      ) : null}
    </div>
  );
}
