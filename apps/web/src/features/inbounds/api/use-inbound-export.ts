import { skipToken } from '@tanstack/react-query';
import { EXPORT_DONE_CLOSE_DELAY_MS } from '@waybill/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, logErrorDetail } from '../../../lib/errors.js';
import { trpc } from '../../../lib/trpc.js';

export type ExportPhase = 'idle' | 'starting' | 'running' | 'done' | 'failed';

export interface ExportView {
  phase: ExportPhase;
  /** 0-100 */
  progress: number;
  error: string | null;
  downloadPath: string | null;
}

/** A failed export job; the backend's reason goes to the development log, not the screen. */
const EXPORT_FAILED = 'The backend could not finish the report; try again.';

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
 * Export of one inbound: inbounds.export.start creates (or joins) the gateway's job, then
 * inbounds.export.progress reports progress until done (download path) or failed (reason). On success
 * the file opens and `onDone` runs 1 s later (the modal closes). Failures are logged and shown.
 */
export function useInboundExport(inboundUid: string, onDone: () => void) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [view, setView] = useState<ExportView>(IDLE);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const start = trpc.inbounds.export.start.useMutation();

  const finish = useCallback((downloadPath: string) => {
    setView({ phase: 'done', progress: 100, error: null, downloadPath });
    setJobId(null);
    openDownload(downloadPath);
    closeTimer.current = setTimeout(() => onDoneRef.current(), EXPORT_DONE_CLOSE_DELAY_MS);
  }, []);

  const fail = useCallback((reason: string, cause?: unknown) => {
    logErrorDetail('Inbound export failed', cause ?? reason);
    setView((v) => ({ ...v, phase: 'failed', error: reason }));
    setJobId(null);
  }, []);

  trpc.inbounds.export.progress.useSubscription(jobId ? { jobId } : skipToken, {
    onData: ({ data }) => {
      if (data.status === 'done' && data.downloadPath) finish(data.downloadPath);
      else if (data.status === 'failed') fail(EXPORT_FAILED, data.error);
      else setView((v) => ({ ...v, phase: 'running', progress: data.progress }));
    },
    onError: (error) => fail(errorMessage(error, 'Lost contact with the export.'), error),
  });

  const run = useCallback(async () => {
    if (view.phase === 'starting' || view.phase === 'running') return;
    setView({ ...IDLE, phase: 'starting' });
    try {
      const job = await start.mutateAsync({ uid: inboundUid });
      if (job.status === 'done' && job.downloadPath) finish(job.downloadPath);
      else if (job.status === 'failed') fail(EXPORT_FAILED, job.error);
      else {
        setView({ phase: 'running', progress: job.progress, error: null, downloadPath: null });
        setJobId(job.jobId);
      }
    } catch (error) {
      fail(errorMessage(error, 'The export could not be started.'), error);
    }
  }, [view.phase, start, inboundUid, finish, fail]);

  return { view, run, busy: view.phase === 'starting' || view.phase === 'running' };
}
