import { skipToken, useQuery } from '@tanstack/react-query';
import type { BulkJob } from '@waybill/contracts';
import { type ReactNode, useEffect, useRef } from 'react';
import { BULK_POLL_MS } from '../../hooks/use-bulk-jobs.js';
import { logErrorDetail } from '../../lib/errors.js';
import { useTRPC } from '../../lib/trpc.js';
import { Button } from '../button/button.js';
import { Modal } from '../modal/modal.js';
import styles from './bulk-job.module.css';
import { type BulkJobItem, BulkJobProgress, BulkJobResultList, bulkJobItems } from './bulk-job-view.js';

export interface BulkJobModalProps {
  /** null while the job is being started. */
  jobId: string | null;
  title: string;
  /** The orders asked for, when known: the ones not answered yet are listed as waiting. */
  orders?: readonly { uid: string; reference: string | null }[];
  /** Why the job could not start, in the console's words: every order failed with it. */
  startError?: string | null;
  /** Once, when every order has an answer (or the start was refused). */
  onFinished?: (items: readonly BulkJobItem[], job: BulkJob | null) => void;
  onClose: () => void;
  /** Shown above the progress while the job waits out its undo window (its Undo button). */
  pending?: ReactNode;
}

const INTERRUPTED_NOTE = ' (stopped early: the gateway restarted; the orders it did not reach failed)';

/**
 * A bulk job's progress and each order's result, read from the gateway every second while it runs.
 * Closing it leaves the job running: the header tray keeps following it.
 */
export function BulkJobModal({
  jobId,
  title,
  orders,
  startError,
  onFinished,
  onClose,
  pending,
}: BulkJobModalProps) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.orders.bulkJob.queryOptions(jobId ? { jobId } : skipToken, {
      refetchInterval: (q) => (q.state.data && q.state.data.state !== 'running' ? false : BULK_POLL_MS),
      refetchOnWindowFocus: false,
      retry: 1,
    }),
  );
  const job = query.data ?? null;
  const finished = startError != null || (job !== null && job.state !== 'running');
  const items: BulkJobItem[] = startError
    ? (orders ?? []).map((o) => ({ ...o, state: 'failed', message: startError }))
    : bulkJobItems(job, orders);

  const reported = useRef(false);
  useEffect(() => {
    if (query.error) logErrorDetail('Bulk job progress failed', query.error);
  }, [query.error]);
  useEffect(() => {
    if (!finished || reported.current) return;
    reported.current = true;
    onFinished?.(items, job);
  });

  const failed = items.filter((i) => i.state === 'failed').length;
  const note =
    job?.state === 'interrupted'
      ? INTERRUPTED_NOTE
      : finished && failed > 0 && orders
        ? ' (they stay ticked)'
        : '';
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      testId="bulk-run"
      width={520}
      footer={
        // Keyed apart: "Done" is a new button, not the other one fading its background from white
        // to the accent (a moment when its white text has too little contrast).
        finished ? (
          <Button key="done" variant="primary" onClick={onClose}>
            Done
          </Button>
        ) : (
          <Button key="keep-running" onClick={onClose}>
            Keep running in the background
          </Button>
        )
      }
    >
      {query.error && !job ? (
        <p className={styles.error} role="alert">
          The progress could not be read; the tray in the header keeps following it.
        </p>
      ) : null}
      {pending}
      <BulkJobProgress items={items} note={note} />
      <BulkJobResultList items={items} />
      {finished ? null : (
        <p className={styles.note}>It runs on the server: closing this or reloading keeps it going.</p>
      )}
    </Modal>
  );
}
