import { type Order, orderHistoryTimeline } from '@waybill/contracts';
import { format } from 'date-fns';
import { CircleDot, Undo2 } from 'lucide-react';
import { actorLabel, type CourierView } from '../lib/detail-view.js';
import styles from './order-detail.module.css';

export interface HistoryTabProps {
  order: Pick<Order, 'external_app_dates' | 'statuses_history'>;
  channel: string;
  warehouse: string;
  courier: CourierView;
}

/** History: a 'new' entry plus every status, oldest first, each with its actor and the time to the next. */
export function HistoryTab({ order, channel, warehouse, courier }: HistoryTabProps) {
  const entries = orderHistoryTimeline(order);
  return (
    <table className={styles.table} aria-label="Order history">
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">Last Status</th>
          <th scope="col">Timestamp</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, i) => (
          <tr key={`${entry.key}-${i}`} data-testid="history-entry" data-status={entry.key}>
            <td>
              <span className={styles.actor}>
                {entry.returnIcon ? (
                  <Undo2 size={14} role="img" aria-label="Return" />
                ) : (
                  <CircleDot size={14} aria-hidden />
                )}
                {actorLabel(entry.actor, { channel, warehouse, courier })}
              </span>
            </td>
            <td>
              <span className={styles.historyStatus}>{entry.label}</span>
              {entry.elapsedToNext ? (
                <span className={styles.elapsed} data-testid="elapsed">
                  {entry.elapsedToNext}
                </span>
              ) : null}
            </td>
            <td>{entry.date ? format(entry.date, 'dd MMM yyyy, HH:mm:ss') : '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
