import type { Inbound } from '@waybill/contracts';
import { useState } from 'react';
import { Modal, ModalActions } from '../../../components/index.js';
import type { InboundReference } from '../api/use-reference.js';
import styles from './inbound-modals.module.css';
import { InboundSummary } from './inbound-summary.js';

export interface DeleteModalProps {
  inbound: Inbound | undefined;
  reference: InboundReference;
  busy: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Delete (cancel) an inbound: confirmation only. */
export function DeleteModal({ inbound, reference, busy, onConfirm, onClose }: DeleteModalProps) {
  const [failed, setFailed] = useState(false);
  if (!inbound) return null;
  const confirm = async () => {
    setFailed(false);
    try {
      await onConfirm();
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
          onConfirm={() => void confirm()}
          onCancel={onClose}
        />
      }
    >
      <InboundSummary inbound={inbound} reference={reference} />
      {failed ? (
        <p className={styles.error} role="alert">
          The inbound could not be deleted. Please try again.
        </p>
      ) : null}
    </Modal>
  );
}
