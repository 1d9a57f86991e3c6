import { useQuery } from '@tanstack/react-query';
import { describeActivity, type Order, orderHistoryTimeline, orderStatusLabel } from '@waybill/contracts';
import { CircleDot, Undo2, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { formatZoned, isValidTimeZone } from '../../../lib/format-date.js';
import type { TimeMode } from '../../../lib/time-mode.js';
import { useTRPC } from '../../../lib/trpc.js';
import { actorLabel, type CourierView } from '../lib/detail-view.js';
import { mergeHistory } from '../lib/history-activity.js';
import styles from './order-detail.module.css';

export interface HistoryTabProps {
  order: Pick<Order, 'uid' | 'updated_at' | 'external_app_dates' | 'statuses_history'>;
  channel: string;
  warehouse: string;
  courier: CourierView;
  /** The header's switch: times in the browser's zone, or in the warehouse's (`warehouseTimeZone`). */
  timeMode: TimeMode;
  warehouseTimeZone: string | null | undefined;
}

/**
 * History: a 'new' entry plus every status, oldest first, each with its actor and the time to the
 * next; what the team did through Waybill (activity.forOrder) is merged in, naming who did it.
 */
export function HistoryTab({
  order,
  channel,
  warehouse,
  courier,
  timeMode,
  warehouseTimeZone,
}: HistoryTabProps) {
  // The same zone as the header's status time, so one status never shows at two times.
  const when = (date: Date | null) => formatZoned(date, timeMode, warehouseTimeZone, 'dd MMM yyyy, HH:mm:ss');
  const inWarehouseZone =
    timeMode === 'warehouse' && !!warehouseTimeZone && isValidTimeZone(warehouseTimeZone);
  const zoneLabel = inWarehouseZone ? 'warehouse time' : 'local time';
  const trpc = useTRPC();
  const activity = useQuery(trpc.activity.forOrder.queryOptions({ uid: order.uid }));
  // A change of the order (made here or by a colleague) may come with a new entry: read again.
  const { refetch } = activity;
  useEffect(() => {
    void refetch();
  }, [order.updated_at, refetch]);
  const rows = mergeHistory(orderHistoryTimeline(order), activity.data?.entries ?? []);
  return (
    <table className={styles.table} aria-label="Order history">
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">Last Status</th>
          <th scope="col">Timestamp ({zoneLabel})</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) =>
          row.kind === 'status' ? (
            <tr key={`${row.entry.key}-${i}`} data-testid="history-entry" data-status={row.entry.key}>
              <td>
                <span className={styles.actor}>
                  {row.entry.returnIcon ? (
                    <Undo2 size={14} role="img" aria-label="Return" />
                  ) : (
                    <CircleDot size={14} aria-hidden />
                  )}
                  {row.by ?? actorLabel(row.entry.actor, { channel, warehouse, courier })}
                </span>
              </td>
              <td>
                <span className={styles.historyStatus}>{row.entry.label}</span>
                {row.entry.elapsedToNext ? (
                  <span className={styles.elapsed} data-testid="elapsed">
                    {row.entry.elapsedToNext}
                  </span>
                ) : null}
              </td>
              <td>{when(row.entry.date)}</td>
            </tr>
          ) : (
            <tr key={row.entry.id} data-testid="history-activity" data-action={row.entry.action}>
              <td>
                <span className={styles.actor}>
                  <UserRound size={14} aria-hidden />
                  {row.entry.actor.name}
                </span>
              </td>
              <td>{describeActivity(row.entry, orderStatusLabel)}</td>
              <td>{when(new Date(row.entry.at))}</td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}
