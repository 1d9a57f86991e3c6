import type { Inbound } from '@waybill/contracts';
import { useState } from 'react';
import { Modal, ModalActions } from '../../../components/index.js';
import type { InboundReference } from '../api/use-reference.js';
import { useWatchedInbound } from '../hooks/use-watched-inbound.js';
import { InboundChangeNotice } from './inbound-change-notice.js';
import styles from './inbound-modals.module.css';
import { InboundSummary } from './inbound-summary.js';

export interface DeleteModalProps {
  /** The inbound as it was when the modal opened. */
  inbound: Inbound;
  /** Its row in the list now (undefined once it left the list). */
  listRow: Inbound | undefined;
  reference: InboundReference;
  busy: boolean;
  onConfirm: (inbound: Inbound) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Delete (cancel) an inbound: confirmation only. It stays open when someone else changes the
 * inbound, with DELETE off until the user reviews the change.
 */
export function DeleteModal({ inbound, listRow, reference, busy, onConfirm, onClose }: DeleteModalProps) {
  const [failed, setFailed] = useState(false);
  const watched = useWatchedInbound(inbound, listRow);
  const confirm = async () => {
    if (watched.change) return;
    setFailed(false);
    try {
      await onConfirm(watched.shown);
      onClose();
    } catch {
      setFailed(true);
    }
  };
  return (
    <Modal
      open
      title="Delete Inbound"
      busy={busy}
      onClose={onClose}
      testId="modal-delete"
      description="Are you sure you want to delete this inbound? It will be marked as cancelled."
      footer={
        <ModalActions
          confirmLabel="DELETE"
          confirmVariant="danger"
          busy={busy}
          disabled={watched.change !== null}
          onConfirm={() => void confirm()}
          onCancel={onClose}
        />
      }
    >
      <InboundSummary inbound={watched.shown} reference={reference} />
      <InboundChangeNotice change={watched.change} onReview={watched.review} />
      {failed ? (
        <p className={styles.error} role="alert">
          The inbound could not be deleted. Please try again.
        </p>
      ) : null}
    </Modal>
  );
}
