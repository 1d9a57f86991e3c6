import {
  isDefaultOrdersFilter,
  listCapText,
  type OperatorOrderStatus,
  type Order,
  type OrdersFilter,
  orderRowActions,
  STATUS_ACTIONS,
  sellingChannelName,
  type User,
} from '@waybill/contracts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useConsoleSettings } from '../../../hooks/use-console-settings.js';
import { useDrafts } from '../../../hooks/use-drafts.js';
import type { ReferenceData } from '../../../hooks/use-reference-data.js';
import { asDateDraft, dateModalsAt } from '../../../lib/drafts.js';
import type { TimeMode } from '../../../lib/time-mode.js';
import {
  assignedUserOptions,
  courierOptions,
  merchantOptions,
  warehouseOptions,
} from '../lib/filter-options.js';
import { narrowingChoices } from '../lib/list-cap.js';
import type { OrdersListMeta } from '../lib/list-state.js';
import { commentCountsByOrder, commentsByOrder, rowDetailHref, warehouseOf } from '../lib/order-row.js';
import { BulkBar } from './bulk/bulk-bar.js';
import { FilterBar } from './filter-bar.js';
import { ListCapNotice } from './list-cap-notice.js';
import type { OrderAction } from './order-options-menu.js';
import type { OrderRowContext } from './order-row.js';
import { OrdersTable, useOrderRowHeight } from './orders-table.js';
import { PriorityBar } from './priority-bar.js';
import styles from './realtime-screen.module.css';
import { QueueKeyboard } from './shortcuts/queue-keyboard.js';
import { StatusBar } from './status-bar.js';
import type { StatusModalKind } from './status-date-modal.js';

// Modals load on first use: they keep Radix Dialog out of the first screen's JavaScript.
const StatusDateModal = lazy(async () => ({
  default: (await import('./status-date-modal.js')).StatusDateModal,
}));
const ReissueModal = lazy(async () => ({
  default: (await import('../../../components/order-modals/reissue-modal.js')).ReissueModal,
}));

export interface RealtimeScreenProps {
  filter: OrdersFilter;
  defaults: OrdersFilter;
  onFilterChange: (next: OrdersFilter) => void;
  rows: readonly Order[];
  meta: OrdersListMeta | null;
  initialized: boolean;
  /** More rows can be loaded: the list's own word, which also knows the gateway's loaded-rows limit. */
  hasMore: boolean;
  searching: boolean;
  onLoadMore: () => void;
  reference: ReferenceData;
  user: User | null;
  timeMode: TimeMode;
  now: Date;
  onChangeStatus: (
    order: Order,
    status: OperatorOrderStatus,
    happenedAt: Date,
    options?: { force?: boolean },
  ) => Promise<unknown>;
  onReissue: (order: Order, numberOfParcels: number, options?: { force?: boolean }) => Promise<unknown>;
  onAddComment: (order: Order) => void;
  /** Shown above the table when the list cannot be loaded or kept live. */
  notice?: React.ReactNode;
  /** The Mine view: `rows` are the orders the user holds, whatever the filter. */
  mine?: boolean;
}

type OpenModal = { kind: StatusModalKind | 'reissueAwb'; uid: string } | null;

/** The realtime orders screen: filter bar, priority and status bars, the table and its modals. */
export function RealtimeScreen(props: RealtimeScreenProps) {
  const { reissueMaxParcels } = useConsoleSettings();
  const rowHeight = useOrderRowHeight();
  const { filter, defaults, onFilterChange, rows, meta, initialized, searching, reference, user } = props;
  const [modal, setModal] = useState<OpenModal>(null);
  const lastModalOrder = useRef<Order | undefined>(undefined);
  const statistics = meta?.statistics ?? null;

  // A date modal that was open when the page was reloaded (or the browser crashed) opens again with
  // the typed date, once its order is among the first loaded rows and still allows that change.
  const drafts = useDrafts();
  const reopened = useRef(false);
  useEffect(() => {
    if (reopened.current || !initialized) return;
    reopened.current = true;
    const byUid = new Map(rows.map((o) => [o.uid, o]));
    for (const { id, draft } of dateModalsAt(drafts.list('date', asDateDraft), 'order-row')) {
      const order = byUid.get(id);
      const action = STATUS_ACTIONS.find((a) => a.action === draft.kind)?.action;
      if (!order || !action) continue;
      if (!orderRowActions(order, warehouseOf(order, reference.fulfillmentCentersByUid))[action]) continue;
      setModal({ kind: action, uid: id });
      return;
    }
  }, [initialized, rows, drafts, reference.fulfillmentCentersByUid]);

  const onAction = useCallback(
    (action: OrderAction, order: Order) => {
      if (action === 'addComment') props.onAddComment(order);
      else setModal({ kind: action, uid: order.uid });
    },
    [props.onAddComment],
  );

  const ctx = useMemo<OrderRowContext>(
    () => ({
      sellingChannels: reference.sellingChannelsByUid,
      fulfillmentCenters: reference.fulfillmentCentersByUid,
      timeMode: props.timeMode,
      userUid: user?.uid ?? null,
      department: user?.department ?? null,
      now: props.now,
      onAction,
    }),
    [reference, props.timeMode, user, props.now, onAction],
  );

  const comments = useMemo(() => commentsByOrder(meta?.comments ?? []), [meta?.comments]);
  const commentCounts = useMemo(() => commentCountsByOrder(meta?.commentCounts ?? []), [meta?.commentCounts]);
  // Where Enter on a row leads: where its comments link leads (the editor when there is none yet).
  const detailHref = useCallback(
    (order: Order) =>
      rowDetailHref(order, comments.get(order.uid), ctx.userUid, commentCounts.get(order.uid)),
    [comments, commentCounts, ctx.userUid],
  );
  const options = useMemo(
    () => ({
      users: assignedUserOptions(reference.users, statistics?.assigned_users_statistics ?? []),
      warehouses: warehouseOptions(
        reference.fulfillmentCenters,
        statistics?.fulfillment_centers_statistics ?? [],
      ),
      merchants: merchantOptions(reference.sellingChannels, statistics?.selling_channels_statistics ?? []),
      couriers: courierOptions(statistics?.couriers_statistics ?? [], filter.courierKeys),
    }),
    [reference, statistics, filter.courierKeys],
  );

  // The Mine view lists holds, not the filter's first rows: no cap to speak of.
  const capText = props.mine ? null : listCapText(rows.length, statistics?.count, props.hasMore);
  const capChoices = useMemo(
    () =>
      capText
        ? narrowingChoices(
            { warehouse: options.warehouses, merchant: options.merchants, courier: options.couriers },
            filter,
            rows.length,
          )
        : [],
    [capText, options, filter, rows.length],
  );
  const isDefault = isDefaultOrdersFilter(filter, defaults);
  const empty = initialized && rows.length === 0;
  // A modal whose order leaves the list (a colleague's change, a filter) stays open on the last row
  // seen, with what was typed, and says the order left.
  const listedModalOrder = modal ? rows.find((o) => o.uid === modal.uid) : undefined;
  if (listedModalOrder) lastModalOrder.current = listedModalOrder;
  else if (lastModalOrder.current?.uid !== modal?.uid) lastModalOrder.current = undefined;
  const modalOrder = listedModalOrder ?? lastModalOrder.current;
  const modalGone = modalOrder !== undefined && listedModalOrder === undefined;
  const modalWarehouse = modalOrder ? warehouseOf(modalOrder, reference.fulfillmentCentersByUid) : null;
  const modalMerchant = modalOrder
    ? sellingChannelName(reference.sellingChannelsByUid.get(modalOrder.selling_channel_uid))
    : null;
  const close = () => setModal(null);

  return (
    <section className={styles.screen} aria-label="Realtime orders">
      <FilterBar
        filter={filter}
        onChange={onFilterChange}
        userOptions={options.users}
        warehouseOptions={options.warehouses}
        merchantOptions={options.merchants}
        courierOptions={options.couriers}
        activeStatistics={statistics?.active_orders_statistics ?? null}
      />
      <PriorityBar
        filter={filter}
        onChange={onFilterChange}
        statistics={statistics?.display_statistics ?? null}
        emptyState={empty}
      />
      <StatusBar
        filter={filter}
        onChange={onFilterChange}
        statistics={statistics?.statuses_statistics ?? null}
      />
      {props.notice}
      <OrdersTable
        rows={rows}
        comments={comments}
        commentCounts={commentCounts}
        ctx={ctx}
        filter={filter}
        onFilterChange={onFilterChange}
        initialized={initialized}
        hasMore={props.hasMore}
        searching={searching}
        emptyKind={props.mine ? 'mine' : isDefault ? 'default' : 'results'}
        onLoadMore={props.onLoadMore}
        me={user}
        capNotice={
          capText ? (
            <ListCapNotice
              text={capText}
              choices={capChoices}
              filter={filter}
              onFilterChange={onFilterChange}
            />
          ) : null
        }
      />
      {/* After the rows, stuck to the bottom of the window while they scroll: ticking a row far
          down the list keeps its actions in reach (see bulk.module.css). */}
      <BulkBar rows={rows} fulfillmentCenters={reference.fulfillmentCentersByUid} />
      <Suspense fallback={null}>
        {modal && modal.kind !== 'reissueAwb' ? (
          <StatusDateModal
            key={`${modal.kind}-${modal.uid}`}
            kind={modal.kind}
            order={modalOrder}
            gone={modalGone}
            merchant={modalMerchant}
            warehouse={modalWarehouse}
            onSave={props.onChangeStatus}
            onClose={close}
          />
        ) : null}
        {modal?.kind === 'reissueAwb' ? (
          <ReissueModal
            key={`reissue-${modal.uid}`}
            order={modalOrder}
            gone={modalGone}
            merchant={modalMerchant}
            warehouse={modalWarehouse}
            maxParcels={reissueMaxParcels}
            onConfirm={props.onReissue}
            onClose={close}
          />
        ) : null}
      </Suspense>
      {/* j/k/Enter/c/x and the ? dialog listing them. */}
      <QueueKeyboard
        rows={rows}
        rowHeight={rowHeight}
        detailHref={detailHref}
        onComment={props.onAddComment}
      />
    </section>
  );
}
