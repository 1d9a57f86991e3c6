import { type BulkOrderAction, formatOrderReference, type Order } from '@waybill/contracts';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/button/button.js';
import { Modal } from '../../../../components/modal/modal.js';
import { errorMessage } from '../../../../lib/errors.js';
import { trpc } from '../../../../lib/trpc.js';
import styles from './bulk.module.css';
import { BULK_CHUNK, BULK_ERROR_TEXT, chunks } from './bulk-messages.js';

type ItemState = { state: 'waiting' } | { state: 'done' } | { state: 'failed'; message: string };

export interface BulkRunModalProps {
  title: string;
  orders: readonly Order[];
  action: BulkOrderAction;
  /** Called once every order has an answer, with the uids that failed. */
  onFinished: (failed: string[]) => void;
  onClose: () => void;
}

/** Runs a bulk action in small batches and shows each order's progress and result. */
export function BulkRunModal({ title, orders, action, onFinished, onClose }: BulkRunModalProps) {
  const bulk = trpc.orders.bulk.useMutation();
  const [items, setItems] = useState<ReadonlyMap<string, ItemState>>(
    () => new Map(orders.map((o) => [o.uid, { state: 'waiting' }])),
  );
  const [running, setRunning] = useState(true);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const failed: string[] = [];
      for (const batch of chunks(
        orders.map((o) => o.uid),
        BULK_CHUNK,
      )) {
        let answer: Map<string, ItemState>;
        try {
          const { results } = await bulk.mutateAsync({ action, orderUids: batch });
          answer = new Map(
            results.map((r) => [
              r.uid,
              r.ok ? { state: 'done' } : { state: 'failed', message: BULK_ERROR_TEXT[r.error ?? 'failed'] },
            ]),
          );
        } catch (error) {
          const message = errorMessage(error);
          answer = new Map(batch.map((uid) => [uid, { state: 'failed', message }]));
        }
        for (const [uid, s] of answer) if (s.state === 'failed') failed.push(uid);
        setItems((current) => new Map([...current, ...answer]));
      }
      setRunning(false);
      onFinished(failed);
    })();
  }, []);

  const states = [...items.values()];
  const done = states.filter((s) => s.state === 'done').length;
  const failedCount = states.filter((s) => s.state === 'failed').length;

  return (
    <Modal
      open
      title={title}
      busy={running}
      onClose={onClose}
      testId="bulk-run"
      width={520}
      footer={
        <Button variant="primary" onClick={onClose} disabled={running}>
          {running ? 'Working…' : 'Done'}
        </Button>
      }
    >
      <p className={styles.progress} role="status" data-testid="bulk-progress">
        {done + failedCount} of {orders.length} done: {done} changed, {failedCount} failed
        {failedCount > 0 && !running ? ' (they stay ticked)' : ''}
      </p>
      <ul className={styles.results}>
        {orders.map((o) => {
          const s = items.get(o.uid) ?? { state: 'waiting' };
          return (
            <li key={o.uid} className={styles.result} data-testid="bulk-item" data-state={s.state}>
              {s.state === 'waiting' ? (
                <LoaderCircle size={14} className={styles.spin} aria-hidden />
              ) : s.state === 'done' ? (
                <CircleCheck size={14} className={styles.ok} aria-hidden />
              ) : (
                <CircleX size={14} className={styles.failed} aria-hidden />
              )}
              <span className={styles.ref}>{formatOrderReference(o.reference)}</span>
              <span className={styles.outcome}>
                {s.state === 'waiting' ? 'Waiting' : s.state === 'done' ? 'Done' : s.message}
              </span>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
