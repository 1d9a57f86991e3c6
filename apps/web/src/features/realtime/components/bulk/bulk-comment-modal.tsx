import { COMMENT_MIN_LENGTH_EXCLUSIVE, commentTooLong, isCommentTextValid } from '@waybill/contracts';
import { useId, useState } from 'react';
import { CommentLength } from '../../../../components/comments/comment-length.js';
import { Modal } from '../../../../components/modal/modal.js';
import { ModalActions } from '../../../../components/modal/modal-actions.js';
import styles from './bulk.module.css';

/** The same internal note for every ticked order. */
export function BulkCommentModal({
  count,
  onSubmit,
  onClose,
}: {
  count: number;
  onSubmit: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const valid = isCommentTextValid(text);
  const tooLong = commentTooLong(text);
  return (
    <Modal
      open
      title={`Comment on ${count} orders`}
      onClose={onClose}
      testId="bulk-comment"
      footer={
        <ModalActions
          confirmLabel="ADD COMMENT"
          disabled={!valid}
          onConfirm={() => onSubmit(text.trim())}
          onCancel={onClose}
        />
      }
    >
      <label htmlFor={id} className={styles.fieldLabel}>
        Comment (an internal note on each order)
      </label>
      <textarea
        id={id}
        data-autofocus
        className={styles.textarea}
        value={text}
        rows={4}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-hint ${id}-count`}
        aria-invalid={tooLong ? true : undefined}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        At least {COMMENT_MIN_LENGTH_EXCLUSIVE + 1} characters.
      </p>
      <CommentLength id={`${id}-count`} text={text} problem={tooLong} />
    </Modal>
  );
}
