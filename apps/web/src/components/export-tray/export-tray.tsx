import * as Popover from '@radix-ui/react-popover';
import type { BulkJobSummary } from '@waybill/contracts';
import { Download, RotateCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useBulkJobs } from '../../hooks/use-bulk-jobs.js';
import { type ExportJob, useExportJobs } from '../../hooks/use-export-jobs.js';
import { exportFailureText, exportStartRefusal } from '../../lib/export-failure.js';
import { Button } from '../button/button.js';
import styles from './export-tray.module.css';

// Bulk jobs' entries load when the tray opens with one, each order's result when asked for
// (initial JS budget).
const BulkTraySection = lazy(async () => ({
  default: (await import('./bulk-tray-job.js')).BulkTraySection,
}));
const BulkJobModal = lazy(async () => ({
  default: (await import('../bulk-job/bulk-job-modal.js')).BulkJobModal,
}));

/** What the header button says: the running jobs' progress first, else how many are ready or failed. */
export function trayButtonText(jobs: readonly Pick<ExportJob, 'status' | 'progress'>[]): string {
  const running = jobs.filter((j) => j.status === 'running');
  if (running.length === 1) return `Exporting ${Math.round(running[0]!.progress)}%`;
  if (running.length > 1) return `${running.length} exports running`;
  const ready = jobs.filter((j) => j.status === 'done').length;
  const failed = jobs.filter((j) => j.status === 'failed').length;
  const counts = [ready > 0 ? `${ready} ready` : '', failed > 0 ? `${failed} failed` : ''].filter(Boolean);
  return counts.length > 0 ? `Exports (${counts.join(', ')})` : 'Exports';
}

/**
 * The header button with bulk jobs too: a single running job says how far it got ("Mark as Lost:
 * 10 of 140"), several say how many run; else as for exports alone.
 */
export function jobsButtonText(
  exports: readonly Pick<ExportJob, 'status' | 'progress'>[],
  bulk: readonly Pick<BulkJobSummary, 'state' | 'summary' | 'done' | 'total'>[],
): string {
  if (bulk.length === 0) return trayButtonText(exports);
  const runningBulk = bulk.filter((j) => j.state === 'running');
  const runningExports = exports.filter((j) => j.status === 'running').length;
  if (runningBulk.length === 1 && runningExports === 0) {
    const { summary, done, total } = runningBulk[0]!;
    return `${summary}: ${done} of ${total}`;
  }
  if (runningBulk.length + runningExports > 1) return `${runningBulk.length + runningExports} jobs running`;
  if (runningExports > 0) return trayButtonText(exports);
  return exports.length > 0 ? 'Exports and bulk actions' : 'Bulk actions';
}

/**
 * The jobs tray in the header: every running export's progress, the file of each finished one and
 * the reason of each failed one with a retry; every bulk action's progress or outcome, with each
 * order's result. Hidden until the user has one.
 */
export function ExportTray() {
  const exportJobs = useExportJobs();
  const bulkJobs = useBulkJobs();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<BulkJobSummary | null>(null);
  const jobs = exportJobs?.jobs ?? [];
  const bulk = bulkJobs?.jobs ?? [];
  if (jobs.length === 0 && bulk.length === 0 && !shown) return null;
  const label =
    bulk.length === 0 ? 'Exports' : jobs.length === 0 ? 'Bulk actions' : 'Exports and bulk actions';
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger className={styles.trigger} data-testid="export-tray-button" data-jobs-tray>
          <Download size={14} aria-hidden />
          <span>{jobsButtonText(jobs, bulk)}</span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className={styles.panel}
            align="end"
            sideOffset={6}
            aria-label={label}
            data-testid="export-tray"
          >
            {bulk.length > 0 ? (
              <Suspense fallback={null}>
                <BulkTraySection
                  jobs={bulk}
                  onOpen={(job) => {
                    setOpen(false);
                    setShown(job);
                  }}
                />
              </Suspense>
            ) : null}
            {jobs.length > 0 && exportJobs ? (
              <>
                <h2 className={styles.title}>Exports</h2>
                <ul className={styles.list}>
                  {jobs.map((job) => (
                    <TrayJob key={job.jobId} job={job} onRetry={exportJobs.start} />
                  ))}
                </ul>
              </>
            ) : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {shown ? (
        <Suspense fallback={null}>
          <BulkJobModal
            jobId={shown.jobId}
            title={`${shown.summary}: ${shown.total} orders`}
            onClose={() => setShown(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function TrayJob({
  job,
  onRetry,
}: {
  job: ExportJob;
  onRetry: (inboundUid: string, replaces: string) => Promise<unknown>;
}) {
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const name = job.inboundName ?? 'Inbound';
  const progress = Math.min(100, Math.max(0, Math.round(job.progress)));
  const retry = async () => {
    setRetrying(true);
    setRetryError(null);
    try {
      await onRetry(job.inboundUid, job.jobId);
    } catch (error) {
      setRetryError(exportStartRefusal(error));
    } finally {
      setRetrying(false);
    }
  };
  return (
    <li className={styles.job} data-testid="export-job" data-status={job.status}>
      <span className={styles.name}>{name}</span>
      {job.status === 'running' ? (
        <div className={styles.progress}>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={`Export of ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div className={styles.fill} style={{ width: `${progress}%` }} />
          </div>
          <span>{progress}%</span>
        </div>
      ) : null}
      {job.status === 'done' && job.downloadPath ? (
        <a className={styles.download} href={job.downloadPath} download aria-label={`Download ${name}`}>
          <Download size={14} aria-hidden />
          Download
        </a>
      ) : null}
      {job.status === 'failed' ? (
        <div className={styles.failed}>
          <p className={styles.error} role="alert">
            Export failed: {retryError ?? exportFailureText(job.failure)}
          </p>
          <Button
            size="sm"
            loading={retrying}
            onClick={() => void retry()}
            aria-label={`Retry export of ${name}`}
          >
            <RotateCw size={14} aria-hidden />
            Retry
          </Button>
        </div>
      ) : null}
    </li>
  );
}
