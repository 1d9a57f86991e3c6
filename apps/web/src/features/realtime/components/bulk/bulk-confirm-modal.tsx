import type { ReactNode } from 'react';
import { Modal } from '../../../../components/modal/modal.js';
import { ModalActions } from '../../../../components/modal/modal-actions.js';
import styles from './bulk.module.css';

/** Asks before a bulk action over many orders runs: the count is named, so a stray "tick all" shows. */
export function BulkConfirmModal({
  title,
  count,
  notice,
  onConfirm,
  onClose,
}: {
  title: string;
  count: number;
  /** Shown under the count (which ticked orders colleagues hold). */
  notice?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title={`${title} on ${count} orders?`}
      onClose={onClose}
      testId="bulk-confirm"
      width={440}
      footer={
        <ModalActions confirmLabel={`${title} on ${count} orders`} onConfirm={onConfirm} onCancel={onClose} />
      }
    >
      <p className={styles.hint}>
        {count} orders are ticked. Each one is changed; you can still undo it for a few seconds after.
      </p>
      {notice}
    </Modal>
  );
}
