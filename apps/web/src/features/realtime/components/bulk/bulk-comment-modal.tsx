import { COMMENT_MIN_LENGTH_EXCLUSIVE, commentTooLong, isCommentTextValid } from '@waybill/contracts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CommentLength } from '../../../../components/comments/comment-length.js';
import { Modal } from '../../../../components/modal/modal.js';
import { ModalActions } from '../../../../components/modal/modal-actions.js';
import { useDrafts } from '../../../../hooks/use-drafts.js';
import { asText } from '../../../../lib/drafts.js';
import styles from './bulk.module.css';

/** The bulk note's draft: one per user, whatever is ticked (a reload clears the selection, not the text). */
const BULK_DRAFT = 'selection';

/**
 * The same internal note for every ticked order. The text is kept in the browser as the user's
 * draft until it is sent or cancelled: closing the modal (Escape, ×) or a reload keeps it for next time.
 */
export function BulkCommentModal({
  count,
  notice,
  onSubmit,
  onClose,
}: {
  count: number;
  /** Shown under the text (which ticked orders colleagues hold). */
  notice?: ReactNode;
  onSubmit: (text: string) => void;
  onClose: () => void;
}) {
  const drafts = useDrafts();
  const [text, setText] = useState(() => drafts.read('bulk-comment', BULK_DRAFT, asText) ?? '');
  const hadText = useRef(text.trim().length > 0);
  useEffect(() => {
    if (text.trim()) {
      hadText.current = true;
      drafts.write('bulk-comment', BULK_DRAFT, text);
    } else if (hadText.current) {
      hadText.current = false;
      drafts.clear('bulk-comment', BULK_DRAFT);
    }
  }, [text, drafts]);
  const discard = () => {
    drafts.clear('bulk-comment', BULK_DRAFT);
    onClose();
  };
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
          onConfirm={() => {
            drafts.clear('bulk-comment', BULK_DRAFT);
            onSubmit(text.trim());
          }}
          onCancel={discard}
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
      {notice}
    </Modal>
  );
}
