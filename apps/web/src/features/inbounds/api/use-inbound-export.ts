import { skipToken, useMutation } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { EXPORT_DONE_CLOSE_DELAY_MS } from '@waybill/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useExportJobs } from '../../../hooks/use-export-jobs.js';
import { errorMessage, logFailure } from '../../../lib/errors.js';
import { exportFailureText, exportStartRefusal } from '../../../lib/export-failure.js';
import { useTRPC } from '../../../lib/trpc.js';

export type ExportPhase = 'idle' | 'starting' | 'running' | 'done' | 'failed';

export interface ExportView {
  phase: ExportPhase;
  /** 0-100 */
  progress: number;
  error: string | null;
  downloadPath: string | null;
}

const IDLE: ExportView = { phase: 'idle', progress: 0, error: null, downloadPath: null };

/** Opens the finished file through the gateway: a download in a new tab. */
export function openDownload(path: string): void {
  const link = document.createElement('a');
  link.href = path;
  link.target = '_blank';
  link.rel = 'noopener';
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * Export of one inbound: inbounds.export.start creates (or joins) the gateway's job, whose progress
 * arrives over inbounds.export.progress until done (download path) or failed (reason code). While the
 * modal is open, success opens the file and `onDone` runs 1 s later (the modal closes). In the
 * console the job belongs to the export tray, so it keeps running (and reporting) after the modal
 * closes, and a modal opened on an inbound whose export is running follows that job. Without the
 * tray (a bare screen) the modal follows its job itself. Server texts go to the development log only.
 */
export function useInboundExport(inboundUid: string, onDone: () => void) {
  const trpc = useTRPC();
  const tray = useExportJobs();
  const [jobId, setJobId] = useState<string | null>(null);
  const [view, setView] = useState<ExportView>(IDLE);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const finished = useRef<string | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const start = useMutation(trpc.inbounds.export.start.mutationOptions());

  const finish = useCallback((id: string, downloadPath: string) => {
    if (finished.current === id) return;
    finished.current = id;
    setView({ phase: 'done', progress: 100, error: null, downloadPath });
    openDownload(downloadPath);
    closeTimer.current = setTimeout(() => onDoneRef.current(), EXPORT_DONE_CLOSE_DELAY_MS);
  }, []);

  const fail = useCallback(
    (reason: string, cause?: unknown, jobId?: string) => {
      logFailure('Inbound export failed', cause, { inboundUid, jobId: jobId ?? null }, reason);
      setView((v) => ({ ...v, phase: 'failed', error: reason }));
    },
    [inboundUid],
  );

  // With the tray: adopt this inbound's running job, then mirror the tray's state of the followed job.
  const runningHere = tray?.jobs.find((j) => j.inboundUid === inboundUid && j.status === 'running');
  useEffect(() => {
    if (tray && !jobId && runningHere) setJobId(runningHere.jobId);
  }, [tray, jobId, runningHere]);
  const followed = tray && jobId ? tray.jobs.find((j) => j.jobId === jobId) : undefined;
  useEffect(() => {
    if (!followed) return;
    if (followed.status === 'done' && followed.downloadPath) finish(followed.jobId, followed.downloadPath);
    else if (followed.status === 'failed')
      fail(exportFailureText(followed.failure), followed.error, followed.jobId);
    else setView({ phase: 'running', progress: followed.progress, error: null, downloadPath: null });
  }, [followed, finish, fail]);

  // Without the tray: the modal's own subscription.
  useSubscription(
    trpc.inbounds.export.progress.subscriptionOptions(
      !tray && jobId && view.phase === 'running' ? { jobId } : skipToken,
      {
        onData: ({ data }) => {
          if (data.status === 'done' && data.downloadPath) finish(data.jobId, data.downloadPath);
          else if (data.status === 'failed') fail(exportFailureText(data.failure), data.error, data.jobId);
          else setView((v) => ({ ...v, phase: 'running', progress: data.progress }));
        },
        onError: (error) =>
          fail(errorMessage(error, 'Lost contact with the export.'), error, jobId ?? undefined),
      },
    ),
  );

  const run = useCallback(async () => {
    if (view.phase === 'starting' || view.phase === 'running') return;
    // EXPORT after a failure is the retry: the failed job leaves the tray once the new one runs.
    const retried = view.phase === 'failed' ? (jobId ?? undefined) : undefined;
    setView({ ...IDLE, phase: 'starting' });
    try {
      if (tray) {
        const job = await tray.start(inboundUid, retried);
        setJobId(job.jobId);
        return;
      }
      const job = await start.mutateAsync({ uid: inboundUid });
      setJobId(job.jobId);
      if (job.status === 'done' && job.downloadPath) finish(job.jobId, job.downloadPath);
      else if (job.status === 'failed') fail(exportFailureText(job.failure), job.error, job.jobId);
      else setView({ phase: 'running', progress: job.progress, error: null, downloadPath: null });
    } catch (error) {
      fail(exportStartRefusal(error), error);
    }
  }, [view.phase, jobId, tray, start, inboundUid, finish, fail]);

  return { view, run, busy: view.phase === 'starting' || view.phase === 'running' };
}
