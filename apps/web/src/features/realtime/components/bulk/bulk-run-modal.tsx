import { useMutation } from '@tanstack/react-query';
import type { BulkOrderAction, Order } from '@waybill/contracts';
import { useEffect, useRef, useState } from 'react';
import { BulkJobModal } from '../../../../components/bulk-job/bulk-job-modal.js';
import { useBulkJobs } from '../../../../hooks/use-bulk-jobs.js';
import { errorMessage } from '../../../../lib/errors.js';
import { useTRPC } from '../../../../lib/trpc.js';

export interface BulkRunModalProps {
  title: string;
  orders: readonly Order[];
  action: BulkOrderAction;
  /** Called once every order has an answer, with the uids that failed. */
  onFinished: (failed: string[]) => void;
  onClose: () => void;
}

/**
 * Starts the bulk action as a job on the gateway and shows each order's progress and result. The job
 * does not depend on this modal: closing it, leaving the screen or reloading keeps it running, and
 * the header tray follows it.
 */
export function BulkRunModal({ title, orders, action, onFinished, onClose }: BulkRunModalProps) {
  const trpc = useTRPC();
  const jobs = useBulkJobs();
  // Outside the tray's provider (a bare screen), the job is started directly.
  const startDirect = useMutation(trpc.orders.bulkStart.mutationOptions());
  const [jobId, setJobId] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const uids = orders.map((o) => o.uid);
    (jobs ? jobs.start(action, uids) : startDirect.mutateAsync({ action, orderUids: uids })).then(
      (job) => setJobId(job.jobId),
      (error: unknown) => setStartError(errorMessage(error)),
    );
  }, []);

  return (
    <BulkJobModal
      jobId={jobId}
      title={title}
      orders={orders}
      startError={startError}
      onFinished={(items) => onFinished(items.filter((i) => i.state === 'failed').map((i) => i.uid))}
      onClose={onClose}
    />
  );
}
