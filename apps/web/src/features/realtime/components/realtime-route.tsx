import {
  assignedUserFilterDefault,
  type OperatorOrderStatus,
  ORDER_STATUS_REFRESH_DELAY_MS,
  type Order,
  orderDetailSearch,
} from '@waybill/contracts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { BackendUnreachableBanner } from '../../../components/backend-unreachable/backend-unreachable-banner.js';
import { Button } from '../../../components/button/button.js';
import { useMineActive } from '../../../components/holds/index.js';
import { LiveBlockedBanner } from '../../../components/live-paused/live-blocked-banner.js';
import { LivePausedBanner } from '../../../components/live-paused/live-paused-banner.js';
import { useToast } from '../../../components/toast/toast.js';
import { LIVE_ANSWER_TIMEOUT_MS } from '../../../hooks/use-live-list.js';
import { useNow } from '../../../hooks/use-now.js';
import { useOrderWrites } from '../../../hooks/use-order-writes.js';
import { useCurrentUser, useReferenceData } from '../../../hooks/use-reference-data.js';
import { useSlowAfter } from '../../../hooks/use-slow-after.js';
import { useUrlFilters } from '../../../hooks/use-url-filters.js';
import type { SaveOptions } from '../../../lib/conflict.js';
import { errorCode, errorMessage } from '../../../lib/errors.js';
import { isOutageError } from '../../../lib/outage.js';
import { useTimeMode } from '../../../lib/time-mode.js';
import { useMineRows } from '../api/use-mine-rows.js';
import { useOrdersList } from '../api/use-orders-list.js';
import { isLoadMoreError } from '../lib/list-state.js';
import { defaultOrdersFilter, ordersUrlCodec } from '../lib/url-codec.js';
import { MineOrdersLive } from './mine-orders-live.js';
import { RealtimeScreen } from './realtime-screen.js';
import styles from './realtime-screen.module.css';
import { useListReturn } from './use-list-return.js';

const NO_ROWS: Order[] = [];

/** /realtime (and /): wires the screen to the URL filter, the live list and the order mutations. */
export function RealtimeRoute() {
  const me = useCurrentUser();
  const user = me.data?.user ?? null;
  const reference = useReferenceData();
  const { mode } = useTimeMode();
  const now = useNow();
  const toast = useToast();
  const navigate = useNavigate();

  const assigned = assignedUserFilterDefault(user);
  const defaults = useMemo(() => defaultOrdersFilter(assigned), [assigned.join(',')]);
  const [filter, setFilter] = useUrlFilters(ordersUrlCodec, defaults, { overlaysUnder: '/realtime' });
  const list = useOrdersList(filter);
  useListReturn(list.initialized ? list.rows : NO_ROWS, filter, list.hasMore);
  // The Mine view: every order the user holds. It does not page through the list to find them.
  const mine = useMineActive();
  const { rows: shownRows, outside: mineOutside } = useMineRows(mine, list.initialized ? list.rows : NO_ROWS);
  // An expired session is handled by useLiveList (the layout then shows sign-in): no notice for it.
  const unauthorized = errorCode(list.error) === 'UNAUTHORIZED';

  // After any change the list refreshes 1 s later.
  const refresh = useRef(list.refresh);
  refresh.current = list.refresh;
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const scheduleRefresh = useCallback(
    (afterMs = 0) => {
      timers.current.push(
        setTimeout(() => {
          void refresh.current().then((error) => {
            if (error) toast.error('The order list could not be refreshed', errorMessage(error));
          });
        }, afterMs + ORDER_STATUS_REFRESH_DELAY_MS),
      );
    },
    [toast],
  );

  // Held by the gateway for the undo window: sent (and refreshed) only once it ends.
  const { changeOrderStatus, reissueOrderLabel } = useOrderWrites();

  const onChangeStatus = useCallback(
    async (order: Order, status: OperatorOrderStatus, happenedAt: Date, options?: SaveOptions) => {
      const ticket = await changeOrderStatus(order, status, happenedAt, options);
      scheduleRefresh(ticket.windowMs);
    },
    [changeOrderStatus, scheduleRefresh],
  );

  const onReissue = useCallback(
    async (order: Order, numberOfParcels: number, options?: SaveOptions) => {
      const ticket = await reissueOrderLabel(order, numberOfParcels, options);
      scheduleRefresh(ticket.windowMs);
    },
    [reissueOrderLabel, scheduleRefresh],
  );

  const onAddComment = useCallback(
    (order: Order) =>
      navigate(
        `/realtime/order${orderDetailSearch({ uid: order.uid, commentCount: order.comments.count_, addComment: true })}`,
        // The user asked to write: the detail's editor takes the focus (opening an order alone does not).
        { state: { compose: 'comment' } },
      ),
    [navigate],
  );

  const onLoadMore = useCallback(() => {
    try {
      list.loadMore();
    } catch (error) {
      // 'Cannot load more' at the end of the list is expected while scrolling; nothing to show.
      if (!isLoadMoreError(error)) throw error;
    }
  }, [list.loadMore]);

  // Loading must not look like "no issues": a first answer slower than the live timeout is said.
  const slow = useSlowAfter(!list.initialized, LIVE_ANSWER_TIMEOUT_MS);

  // No rows for this filter and the server out of reach: say so (the list retries by itself) rather
  // than "the latest loaded state" over an empty table.
  const unreachable =
    !list.initialized && (list.waitingForConnection || (list.searchFailed && isOutageError(list.error)));
  const notice = list.pause ? (
    <LivePausedBanner dataAt={list.pause.dataAt} />
  ) : unreachable ? (
    <BackendUnreachableBanner />
  ) : slow && !list.initialized && !unauthorized && !list.searchFailed ? (
    <div className={styles.notice} role="status" data-testid="orders-slow">
      <span>
        The order list has not answered for 10 seconds. Still trying; it shows as soon as it arrives.
      </span>
    </div>
  ) : list.blocked ? (
    <LiveBlockedBanner dataAt={list.blocked.dataAt} onRefresh={() => void list.refresh()} />
  ) : list.error && !unauthorized ? (
    <div className={styles.notice} role="status">
      <span>
        {list.source === 'query'
          ? 'Live updates are paused; the list shows the latest loaded state.'
          : 'The order list could not be loaded.'}{' '}
        {errorMessage(list.error)}
      </span>
      <Button size="sm" onClick={() => void list.refresh()}>
        Refresh
      </Button>
    </div>
  ) : null;

  return (
    <>
      <MineOrdersLive uids={mineOutside} />
      <RealtimeScreen
        filter={filter}
        defaults={defaults}
        onFilterChange={setFilter}
        rows={shownRows}
        meta={list.initialized ? list.meta : null}
        initialized={list.initialized}
        hasMore={mine ? false : list.hasMore}
        mine={mine}
        searching={list.isUpdating}
        onLoadMore={onLoadMore}
        reference={reference}
        user={user}
        timeMode={mode}
        now={now}
        onChangeStatus={onChangeStatus}
        onReissue={onReissue}
        onAddComment={onAddComment}
        notice={notice}
      />
    </>
  );
}
