import { type BulkJob, conflictMessage, formatOrderReference } from '@waybill/contracts';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { BULK_ERROR_TEXT } from '../../lib/bulk-error-text.js';
import styles from './bulk-job.module.css';

/** One order of a bulk job as listed: not answered yet, changed, or failed with the console's words. */
export type BulkJobItem = {
  uid: string;
  reference: string | null;
} & ({ state: 'waiting' } | { state: 'done' } | { state: 'failed'; message: string; conflict?: true });

/**
 * Every order of the job: the answered ones from the job, then (when the caller knows the orders it
 * asked for) the ones still waiting. `known` names orders the job's results do not.
 */
export function bulkJobItems(
  job: Pick<BulkJob, 'results'> | null,
  known: readonly { uid: string; reference: string | null }[] = [],
  now: Date = new Date(),
): BulkJobItem[] {
  const results = new Map((job?.results ?? []).map((r) => [r.uid, r]));
  const references = new Map(known.map((o) => [o.uid, o.reference]));
  const item = (uid: string): BulkJobItem => {
    const r = results.get(uid);
    const reference = r?.reference ?? references.get(uid) ?? null;
    if (!r) return { uid, reference, state: 'waiting' };
    if (r.ok) return { uid, reference, state: 'done' };
    // A conflict names who changed the order since it was ticked, and when.
    const message = r.conflict ? conflictMessage(r.conflict, now) : BULK_ERROR_TEXT[r.error ?? 'failed'];
    return {
      uid,
      reference,
      state: 'failed',
      message,
      ...(r.error === 'conflict' ? { conflict: true } : {}),
    };
  };
  const uids = known.length > 0 ? known.map((o) => o.uid) : [...results.keys()];
  return uids.map(item);
}

/** "3 of 10 done: 2 changed, 1 failed", announced as it changes. */
export function BulkJobProgress({ items, note }: { items: readonly BulkJobItem[]; note?: string }) {
  const done = items.filter((i) => i.state === 'done').length;
  const failed = items.filter((i) => i.state === 'failed').length;
  return (
    <p className={styles.progress} role="status" data-testid="bulk-progress">
      {done + failed} of {items.length} done: {done} changed, {failed} failed
      {note ?? ''}
    </p>
  );
}

/** Each order's reference (its uid when the backend never named it) and outcome. */
export function BulkJobResultList({ items }: { items: readonly BulkJobItem[] }) {
  return (
    // Scrolls on its own: focusable, so a keyboard can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll.
    <ul className={styles.results} aria-label="Result per order" tabIndex={0}>
      {items.map((item) => (
        <li
          key={item.uid}
          className={styles.result}
          data-testid="bulk-item"
          data-state={item.state}
          data-conflict={(item.state === 'failed' && item.conflict) || undefined}
        >
          {item.state === 'waiting' ? (
            <LoaderCircle size={14} className={styles.spin} aria-hidden />
          ) : item.state === 'done' ? (
            <CircleCheck size={14} className={styles.ok} aria-hidden />
          ) : (
            <CircleX size={14} className={styles.failed} aria-hidden />
          )}
          <span className={styles.ref}>
            {item.reference ? formatOrderReference(item.reference) : item.uid}
          </span>
          <span className={styles.outcome}>
            {item.state === 'waiting' ? 'Waiting' : item.state === 'done' ? 'Done' : item.message}
          </span>
        </li>
      ))}
    </ul>
  );
}
