import {
  ACTIVITY_ACTIONS,
  type ActivityAction,
  type ActivityEntry,
  describeActivity,
  orderStatusLabel,
} from '@waybill/contracts';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button.js';
import { EmptyState } from '../../../components/empty-state/empty-state.js';
import { useReferenceData } from '../../../hooks/use-reference-data.js';
import { formatDate } from '../../../lib/format-date.js';
import { type ActivityFilter, useActivityFeed } from '../api/use-activity-feed.js';
import styles from './activity.module.css';

const ACTION_LABELS: Record<ActivityAction, string> = {
  status: 'Status changes',
  comment: 'Comments',
  escalation: 'Escalations',
  snooze: 'Snoozes',
  reissue: 'Label reissues',
  take: 'Takes',
  release: 'Releases',
};

/** A `datetime-local` value (the user's own time) as an ISO instant, or undefined when empty or invalid. */
function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

function EntryRow({ entry }: { entry: ActivityEntry }) {
  return (
    <li className={styles.entry} data-testid="activity-entry" data-action={entry.action}>
      <time className={styles.time} dateTime={entry.at}>
        {/* The console's 24-hour format, in the browser's time: entries span every warehouse. */}
        {formatDate(new Date(entry.at), 'dd MMM yyyy, HH:mm')}
      </time>
      <span className={styles.what}>
        <strong>{entry.actor.name}</strong> {describeActivity(entry, orderStatusLabel)}
        {entry.excerpt ? <span className={styles.excerpt}>“{entry.excerpt}”</span> : null}
      </span>
      {/* The order by its reference, as the lists name it; an entry recorded without one links by uid. */}
      <Link className={styles.link} to={`/realtime/order?uid=${encodeURIComponent(entry.orderUid)}`}>
        {entry.reference ? (
          <>
            <span className="visually-hidden">Open order </span>#{entry.reference}
          </>
        ) : (
          <>
            Open order<span className="visually-hidden"> {entry.orderUid}</span>
          </>
        )}
      </Link>
    </li>
  );
}

/** /activity: what the team did through Waybill, newest first, live; filtered by user, action and time. */
export function ActivityRoute() {
  const reference = useReferenceData();
  const [userId, setUserId] = useState('');
  const [action, setAction] = useState<ActivityAction | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const ids = { user: useId(), action: useId(), from: useId(), to: useId() };
  const fromIso = toIso(from);
  const toIsoValue = toIso(to);
  const rangeWrong = fromIso !== undefined && toIsoValue !== undefined && fromIso > toIsoValue;
  const filter = useMemo<ActivityFilter>(
    () => ({
      ...(userId ? { userId } : {}),
      ...(action ? { actions: [action] } : {}),
      ...(fromIso && !rangeWrong ? { from: fromIso } : {}),
      ...(toIsoValue && !rangeWrong ? { to: toIsoValue } : {}),
    }),
    [userId, action, fromIso, toIsoValue, rangeWrong],
  );
  const feed = useActivityFeed(filter);
  const users = [...reference.users].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <div className={styles.page}>
      {/* The header's title is the screen's one h1. */}
      <h2 className={styles.title}>Team activity</h2>
      <form className={styles.filters} aria-label="Filter the activity" onSubmit={(e) => e.preventDefault()}>
        <span className={styles.field}>
          <label htmlFor={ids.user}>User</label>
          <select id={ids.user} value={userId} onChange={(e) => setUserId(e.target.value)}>
            <option value="">Everyone</option>
            {users.map((u) => (
              <option key={u.uid} value={u.uid}>
                {u.name}
              </option>
            ))}
          </select>
        </span>
        <span className={styles.field}>
          <label htmlFor={ids.action}>Action</label>
          <select
            id={ids.action}
            value={action}
            onChange={(e) => setAction(e.target.value as ActivityAction | '')}
          >
            <option value="">Every action</option>
            {ACTIVITY_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </span>
        <span className={styles.field}>
          <label htmlFor={ids.from}>From</label>
          <input id={ids.from} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        </span>
        <span className={styles.field}>
          <label htmlFor={ids.to}>To</label>
          <input id={ids.to} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
        </span>
      </form>
      {rangeWrong ? (
        <p className={styles.error} role="alert">
          "From" must not be later than "To".
        </p>
      ) : null}
      {feed.error ? (
        <p className={styles.error} role="alert">
          {feed.error}
        </p>
      ) : null}
      {feed.loaded && feed.entries.length === 0 ? (
        <EmptyState
          title="No activity"
          text="Nothing done through Waybill matches these filters yet."
          testId="activity-empty"
        />
      ) : (
        <ol className={styles.list} aria-label="Activity, newest first" aria-busy={!feed.loaded || undefined}>
          {feed.entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {feed.hasMore ? (
        <Button onClick={() => void feed.loadMore()} loading={feed.loadingMore}>
          Show older
        </Button>
      ) : null}
    </div>
  );
}
