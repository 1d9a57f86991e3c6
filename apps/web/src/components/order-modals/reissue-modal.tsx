import {
  type FulfillmentCenter,
  isParcelsDecrementDisabled,
  type Order,
  orderActionUnavailable,
  parcelCountFromText,
  parcelCountProblem,
  REISSUE_DEFAULT_PARCELS,
  REISSUE_MIN_PARCELS,
} from '@waybill/contracts';
import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { conflictOf, type SaveOptions } from '../../lib/conflict.js';
import { errorMessage } from '../../lib/errors.js';
import { ConflictNotice } from '../conflict-notice/conflict-notice.js';
import { LiveChangeNotice } from '../conflict-notice/live-change-notice.js';
import { Modal } from '../modal/modal.js';
import { ModalActions } from '../modal/modal-actions.js';
import styles from './order-modals.module.css';
import { OrderSummary } from './order-summary.js';

export interface ReissueModalProps {
  order: Order | undefined;
  /** The order left the list the modal was opened from: it stays open and says so. */
  gone?: boolean;
  merchant: string | null;
  warehouse: FulfillmentCenter | null;
  /** Most boxes the backend takes in one reissue (the gateway's setting); null while unknown. */
  maxParcels?: number | null;
  /** Gets the order as the modal was opened on (conflict warning rule); `{ force: true }` after "Save anyway". */
  onConfirm: (order: Order, numberOfParcels: number, options?: SaveOptions) => Promise<unknown>;
  onClose: () => void;
}

/** Reissue AWB: number of boxes (default 2, minimum 2, at most the backend's limit), CONFIRM and CANCEL. */
export function ReissueModal({
  order,
  gone = false,
  merchant,
  warehouse,
  maxParcels = null,
  onConfirm,
  onClose,
}: ReissueModalProps) {
  const id = useId();
  const [parcels, setParcels] = useState<number>(REISSUE_DEFAULT_PARCELS);
  const [text, setText] = useState(String(REISSUE_DEFAULT_PARCELS));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ReturnType<typeof conflictOf>>(null);
  const [opened] = useState(order);
  if (!order) return null;
  const seen = opened?.uid === order.uid ? opened : order;

  // A colleague's change since the modal opened may rule the reissue out (a cancelled order, say).
  const unavailable = orderActionUnavailable('reissueAwb', order, warehouse);
  const countProblem = parcelCountProblem(parcels, maxParcels);
  const valid = countProblem === null;
  const set = (n: number) => {
    setParcels(n);
    setText(String(n));
  };
  const confirm = async (options?: SaveOptions) => {
    if (!valid || busy || (unavailable && !options?.force)) return;
    setBusy(true);
    setProblem(null);
    try {
      await (options ? onConfirm(seen, parcels, options) : onConfirm(seen, parcels));
      onClose();
    } catch (error) {
      const found = options?.force ? null : conflictOf(error);
      setConflict(found);
      if (!found) setProblem(errorMessage(error, 'The label could not be reissued. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="Reissue AWB"
      busy={busy}
      onClose={onClose}
      testId="modal-reissueAwb"
      footer={
        <ModalActions
          confirmLabel="CONFIRM"
          busy={busy}
          disabled={!valid || unavailable !== null || conflict !== null}
          onConfirm={() => void confirm()}
          onCancel={onClose}
        />
      }
    >
      <OrderSummary order={order} merchant={merchant} warehouse={warehouse} />
      {/* The save-time conflict below says the same, with what to do: one warning, not two. */}
      {conflict ? null : <LiveChangeNotice opened={seen} current={order} gone={gone} />}
      <label className={styles.stepperLabel} htmlFor={`${id}-parcels`}>
        Number of boxes
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.stepperButton}
          aria-label="Fewer boxes"
          disabled={busy || isParcelsDecrementDisabled(parcels)}
          onClick={() => set(Math.max(REISSUE_MIN_PARCELS, parcels - 1))}
        >
          <Minus size={14} aria-hidden />
        </button>
        <input
          id={`${id}-parcels`}
          className={styles.stepperInput}
          inputMode="numeric"
          value={text}
          disabled={busy}
          aria-invalid={!valid || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            // Kept as typed: a typo ("3.5") stays in sight with the problem under it, never read as 35.
            setText(e.target.value);
            setParcels(parcelCountFromText(e.target.value));
          }}
          onBlur={() => {
            // None or too few becomes the minimum and "007" reads 7; a typo and too many stay, with
            // the problem named under them.
            if (text.trim() === '' || parcels < REISSUE_MIN_PARCELS) set(REISSUE_MIN_PARCELS);
            else if (!Number.isNaN(parcels)) set(parcels);
          }}
        />
        <button
          type="button"
          className={styles.stepperButton}
          aria-label="More boxes"
          disabled={busy || (maxParcels !== null && parcels >= maxParcels)}
          onClick={() => set((Number.isNaN(parcels) ? REISSUE_MIN_PARCELS : parcels) + 1)}
        >
          <Plus size={14} aria-hidden />
        </button>
      </div>
      <p id={`${id}-hint`} className={valid ? styles.hint : styles.error}>
        {countProblem ??
          `Counts boxes (parcels), not items${maxParcels !== null ? `; at most ${maxParcels}` : ''}.`}
      </p>
      {unavailable && !conflict ? (
        <p className={styles.error} role="alert" data-testid="action-unavailable">
          {unavailable}
        </p>
      ) : null}
      {conflict ? (
        <ConflictNotice
          conflict={conflict}
          now={new Date()}
          busy={busy}
          unavailable={unavailable}
          onReview={onClose}
          onSaveAnyway={() => void confirm({ force: true })}
        />
      ) : null}
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
    </Modal>
  );
}
