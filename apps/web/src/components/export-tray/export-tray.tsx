import * as Popover from '@radix-ui/react-popover';
import { Download, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { type ExportJob, useExportJobs } from '../../hooks/use-export-jobs.js';
import { errorMessage } from '../../lib/errors.js';
import { exportFailureText } from '../../lib/export-failure.js';
import { Button } from '../button/button.js';
import styles from './export-tray.module.css';

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
 * The export tray in the header: every running export's progress, the file of each finished one
 * and the reason of each failed one with a retry. Hidden until the user has an export.
 */
export function ExportTray() {
  const exportJobs = useExportJobs();
  const [open, setOpen] = useState(false);
  if (!exportJobs || exportJobs.jobs.length === 0) return null;
  const { jobs } = exportJobs;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={styles.trigger} data-testid="export-tray-button">
        <Download size={14} aria-hidden />
        <span>{trayButtonText(jobs)}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.panel}
          align="end"
          sideOffset={6}
          aria-label="Exports"
          data-testid="export-tray"
        >
          <h2 className={styles.title}>Exports</h2>
          <ul className={styles.list}>
            {jobs.map((job) => (
              <TrayJob key={job.jobId} job={job} onRetry={exportJobs.start} />
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
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
      setRetryError(errorMessage(error, 'The export could not be started.'));
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
