import type { BulkJobSummary } from '@waybill/contracts';
import { ListChecks } from 'lucide-react';
import { Button } from '../button/button.js';
import styles from './export-tray.module.css';

/** "138 changed, 2 failed" once it ended. */
export function bulkOutcomeText(job: Pick<BulkJobSummary, 'ok' | 'failed'>): string {
  return `${job.ok} changed, ${job.failed} failed`;
}

/**
 * The tray's bulk actions, newest first (loaded when the tray first opens with one: initial JS
 * budget). `onOpen` shows a job's per-order results.
 */
export function BulkTraySection({
  jobs,
  onOpen,
}: {
  jobs: readonly BulkJobSummary[];
  onOpen: (job: BulkJobSummary) => void;
}) {
  return (
    <>
      <h2 className={styles.title}>Bulk actions</h2>
      <ul className={styles.list}>
        {jobs.map((job) => (
          <BulkTrayJob key={job.jobId} job={job} onOpen={onOpen} />
        ))}
      </ul>
    </>
  );
}

/** One bulk job in the tray: its progress, or its outcome, and a way to each order's result. */
function BulkTrayJob({ job, onOpen }: { job: BulkJobSummary; onOpen: (job: BulkJobSummary) => void }) {
  const verb = job.state === 'running' ? 'Progress' : 'Results';
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <li className={styles.job} data-testid="bulk-job" data-state={job.state}>
      <span className={styles.name}>{job.summary}</span>
      {job.state === 'running' ? (
        <div className={styles.progress}>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={`${job.summary} on ${job.total} orders`}
            aria-valuemin={0}
            aria-valuemax={job.total}
            aria-valuenow={job.done}
            aria-valuetext={`${job.done} of ${job.total}`}
          >
            <div className={styles.fill} style={{ width: `${percent}%` }} />
          </div>
          <span>
            {job.done} of {job.total}
          </span>
        </div>
      ) : (
        <p className={job.failed > 0 ? styles.error : styles.outcome}>
          {job.state === 'interrupted' ? 'Stopped early: ' : ''}
          {bulkOutcomeText(job)}
        </p>
      )}
      <Button
        size="sm"
        className={styles.open}
        onClick={() => onOpen(job)}
        aria-label={`${verb} of ${job.summary} on ${job.total} orders`}
      >
        <ListChecks size={14} aria-hidden />
        {verb}
      </Button>
    </li>
  );
}
