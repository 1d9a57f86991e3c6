import { commentCounterText } from '@waybill/contracts';
import styles from './comment-length.module.css';

/**
 * A comment editor's counter against COMMENT_MAX_LENGTH, and the refusal once over it (`problem`: the
 * same words the gateway refuses with). The text is never cut while typing or pasting: the user
 * decides what goes.
 */
export function CommentLength({ id, text, problem }: { id: string; text: string; problem: string | null }) {
  return (
    <p id={id} className={styles.length} data-over={problem ? true : undefined} data-testid="comment-length">
      <span>{commentCounterText(text)}</span>
      {problem ? <span role="alert">{problem}: shorten it to send.</span> : null}
    </p>
  );
}
