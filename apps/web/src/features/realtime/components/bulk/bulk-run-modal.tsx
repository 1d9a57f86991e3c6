import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkOrderAction, Order, PendingActionTicket } from '@waybill/contracts';
import { useEffect, useRef, useState } from 'react';
import { BulkJobModal } from '../../../../components/bulk-job/bulk-job-modal.js';
import { Button } from '../../../../components/button/button.js';
import { UndoCountdown } from '../../../../components/toast/undo-countdown.js';
import { useUndoableWrites } from '../../../../hooks/use-undoable-writes.js';
import { expectedOf } from '../../../../lib/conflict.js';
import { errorMessage } from '../../../../lib/errors.js';
import { useTRPC } from '../../../../lib/trpc.js';
import styles from './bulk.module.css';

export interface BulkRunModalProps {
  /** The run as the user reads it, with its count ("Mark as Lost: 12 orders"). */
  title: string;
  orders: readonly Order[];
  action: BulkOrderAction;
  /** Called once every order has an answer, with the uids that failed. */
  onFinished: (failed: string[]) => void;
  onClose: () => void;
}

/**
 * When the modal looks for the job once the undo window ended: at once, as the gateway starts it
 * then, and less often while it is not there (a gateway restarting sends it when it is back).
 */
const JOB_LOOKUP_FIRST_MS = 250;
const JOB_LOOKUP_MAX_MS = 5_000;

/**
 * Holds the bulk action on the gateway for its undo window (Undo cancels it with nothing sent), then
 * shows the job it becomes: each order's progress and result. Each order is sent with the state the
 * user saw, so one a colleague changed since is reported as a conflict. The job does not depend on
 * this modal: closing it, leaving the screen or reloading keeps it going, and the header tray follows it.
 */
export function BulkRunModal({ title, orders, action, onFinished, onClose }: BulkRunModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const undoable = useUndoableWrites();
  const hold = useMutation(trpc.undo.bulkStart.mutationOptions());
  const [ticket, setTicket] = useState<{ ticket: PendingActionTicket; until: number } | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [undoing, setUndoing] = useState(false);
  const [windowOver, setWindowOver] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const expected = Object.fromEntries(orders.map((o) => [o.uid, expectedOf(o)]));
    hold.mutateAsync({ action, orderUids: orders.map((o) => o.uid), expected }).then(
      (held) => setTicket({ ticket: held, until: Date.now() + held.windowMs }),
      (error: unknown) => setStartError(errorMessage(error)),
    );
  }, []);

  // Once the window ended the gateway starts the job under the ticket's id: follow it when it exists.
  useEffect(() => {
    if (!ticket || jobId) return;
    const id = ticket.ticket.jobId;
    if (!id) return;
    let timer: ReturnType<typeof setTimeout>;
    let wait = JOB_LOOKUP_FIRST_MS;
    const look = () => {
      setWindowOver(true);
      queryClient
        .fetchQuery({ ...trpc.orders.bulkJob.queryOptions({ jobId: id }), retry: false, staleTime: 0 })
        .then(
          () => {
            setJobId(id);
            void queryClient.invalidateQueries(trpc.orders.bulkJobs.pathFilter());
          },
          () => {
            timer = setTimeout(look, wait);
            wait = Math.min(wait * 2, JOB_LOOKUP_MAX_MS);
          },
        );
    };
    timer = setTimeout(look, Math.max(0, ticket.until - Date.now()));
    return () => clearTimeout(timer);
  }, [ticket, jobId]);

  const close = () => {
    // Still in its window: the toast keeps offering the undo.
    if (ticket && !jobId && ticket.until > Date.now())
      undoable.offerUndo({ ...ticket.ticket, windowMs: ticket.until - Date.now() }, title);
    onClose();
  };

  const undo = async () => {
    if (!ticket) return;
    setUndoing(true);
    const undone = await undoable.undoNow(ticket.ticket, title);
    setUndoing(false);
    if (undone) onClose();
  };

  const pending =
    ticket && !jobId && windowOver ? (
      <div className={styles.pending} data-testid="bulk-pending">
        <p role="status">Starting {title}; it can no longer be undone.</p>
      </div>
    ) : ticket && !jobId ? (
      <div className={styles.pending} data-testid="bulk-pending">
        {/* One countdown, not a fixed "10 seconds" beside it. */}
        <p role="status">{title} waits before it starts, so it can still be undone.</p>
        <UndoCountdown until={ticket.until} />
        <Button onClick={() => void undo()} disabled={undoing} data-testid="bulk-undo">
          Undo
        </Button>
      </div>
    ) : null;

  return (
    <BulkJobModal
      jobId={jobId}
      title={title}
      orders={orders}
      startError={startError}
      pending={pending}
      onFinished={(items) => onFinished(items.filter((i) => i.state === 'failed').map((i) => i.uid))}
      onClose={close}
    />
  );
}
