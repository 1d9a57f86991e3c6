import { useMutation } from '@tanstack/react-query';
import {
  addCommentInputSchema,
  areSnoozeUnitsDisabled,
  COMMENT_TEXTAREA_MAX_PX,
  type CommentEditorState,
  canSubmitComment,
  commentEditorReducer,
  commentSubmitInput,
  commentTooLong,
  INITIAL_COMMENT_EDITOR,
  SEND_AS,
  SEND_AS_LABELS,
  type SendAs,
  SNOOZE_COUNTS,
  type SnoozeUnit,
} from '@waybill/contracts';
import { useEffect, useId, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { Button } from '../../../components/button/button.js';
import { TEAM_LABELS } from '../../../components/comments/comment-item.js';
import { CommentLength } from '../../../components/comments/comment-length.js';
import { useToast } from '../../../components/toast/toast.js';
import { useDrafts } from '../../../hooks/use-drafts.js';
import { asText } from '../../../lib/drafts.js';
import { errorMessage } from '../../../lib/errors.js';
import { useTRPC } from '../../../lib/trpc.js';
import type { EditorRequest } from '../lib/editor-request.js';
import styles from './comment-editor.module.css';
import { MentionList } from './mention-list.js';
import { useMentionCompletion } from './use-mention-completion.js';

const UNITS: readonly { unit: SnoozeUnit; label: string }[] = [
  { unit: 'hour', label: 'Hour' },
  { unit: 'day', label: 'Day' },
  { unit: 'week', label: 'Week' },
];

export interface CommentEditorProps {
  orderUid: string;
  /** The send-as selector is for the configured advanced users only. */
  advanced: boolean;
  onSaved: () => void;
  onCancel: () => void;
  /** Unsaved text exists (the route asks before navigating away). */
  onDirtyChange: (dirty: boolean) => void;
  /** The user asked to write (or escalate): the text box takes the focus. Opening it alone does not. */
  request?: EditorRequest | null;
  /** The user changed the text (a key, a paste): presence "typing". A restored draft is not. */
  onTyped?: () => void;
}

/** Plain words for a failed validation: the first issue, naming its field. */
export function validationProblem(state: CommentEditorState, orderUid: string): string | null {
  const parsed = addCommentInputSchema.safeParse(commentSubmitInput(state, orderUid));
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue ? `${issue.path.join('.') || 'comment'}: ${issue.message}` : 'The comment is not valid.';
}

/** What a saved comment did besides the note: escalated to a team, or snoozed for N hours. */
function savedDetail(input: ReturnType<typeof commentSubmitInput>): string | undefined {
  if (input.escalate && input.team) return `Escalated to ${TEAM_LABELS[input.team]}`;
  if (input.snooze && input.snoozeValue)
    return `Snoozed for ${input.snoozeValue} hour${input.snoozeValue === 1 ? '' : 's'}`;
  return undefined;
}

/**
 * New-comment editor on the contracts' reducer. A failed save keeps the text and says why;
 * only a successful save resets it. The text is kept in the browser as the user's draft for this
 * order (a reload, a restart or a crash loses nothing) until it is saved or cancelled.
 */
export function CommentEditor({
  orderUid,
  advanced,
  onSaved,
  onCancel,
  onDirtyChange,
  request = null,
  onTyped,
}: CommentEditorProps) {
  const trpc = useTRPC();
  const drafts = useDrafts();
  const [state, dispatch] = useReducer(commentEditorReducer, orderUid, (uid): CommentEditorState => {
    const text = drafts.read('comment', uid, asText);
    return text ? { ...INITIAL_COMMENT_EDITOR, text } : INITIAL_COMMENT_EDITOR;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation(trpc.orders.comments.add.mutationOptions());
  const toast = useToast();
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const busy = add.isPending;
  const dirty = state.text.trim().length > 0;
  const tooLong = commentTooLong(state.text);
  const mention = useMentionCompletion(area, state.text, (text) => dispatch({ type: 'text', text }));

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const action = useRef(state.action);
  action.current = state.action;
  useEffect(() => {
    if (!request) return;
    if (request.kind === 'escalate' && action.current !== 'escalate')
      dispatch({ type: 'toggleAction', action: 'escalate' });
    area.current?.focus();
  }, [request]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  // Emptied (typed away, saved or cancelled) after holding text: the draft goes. Not before: the
  // first render must not drop a draft it could not read yet.
  const hadText = useRef(dirty);
  useEffect(() => {
    if (dirty) {
      hadText.current = true;
      drafts.write('comment', orderUid, state.text);
    } else if (hadText.current) {
      hadText.current = false;
      drafts.clear('comment', orderUid);
    }
  }, [dirty, state.text, orderUid, drafts]);

  // Another tab of this browser sent (or discarded) this very text: it goes here too, so it is not
  // sent twice, and can be put back.
  const [goneElsewhere, setGoneElsewhere] = useState<string | null>(null);
  const textNow = useRef(state.text);
  textNow.current = state.text;
  useEffect(
    () =>
      drafts.onClearedElsewhere('comment', orderUid, asText, (last) => {
        if (!last || last !== textNow.current) return;
        dispatch({ type: 'reset' });
        setGoneElsewhere(last);
      }),
    [drafts, orderUid],
  );

  // The editor stays open for the next comment: the text box takes the focus back once it is
  // enabled again (the disabled Add comment button would leave it on the page's body).
  const [saves, setSaves] = useState(0);
  useEffect(() => {
    if (saves > 0 && !busy) area.current?.focus();
  }, [saves, busy]);

  // The textarea grows with its text up to 300 px, then scrolls.
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, COMMENT_TEXTAREA_MAX_PX)}px`;
  }, [state.text]);

  const submit = async () => {
    if (!canSubmitComment(state, busy)) return;
    const invalid = validationProblem(state, orderUid);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setProblem(null);
    const input = commentSubmitInput(state, orderUid);
    try {
      await add.mutateAsync(input);
    } catch (error) {
      setProblem(`Your comment was not saved: ${errorMessage(error)} Your text is kept.`);
      return;
    }
    // A saved comment is confirmed as status changes are, with what the comment did to the order.
    toast.success('Comment saved', savedDetail(input));
    // Cleared here: the editor may close (unmount) before its emptied text would clear it.
    drafts.clear('comment', orderUid);
    dispatch({ type: 'reset' });
    onDirtyChange(false);
    setSaves((n) => n + 1);
    onSaved();
  };

  return (
    <form
      className={styles.editor}
      aria-label="New comment"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="visually-hidden">
        Comment
      </label>
      <textarea
        id={`${id}-text`}
        ref={area}
        className={styles.textarea}
        placeholder="Add new comment"
        value={state.text}
        rows={3}
        style={{ maxHeight: COMMENT_TEXTAREA_MAX_PX }}
        disabled={busy}
        aria-describedby={`${id}-count`}
        aria-invalid={tooLong ? true : undefined}
        {...mention.inputProps}
        onChange={(e) => {
          setGoneElsewhere(null);
          dispatch({ type: 'text', text: e.target.value });
          mention.onTextChange(e.target);
          onTyped?.();
        }}
        onKeyDown={(e) => {
          mention.onKeyDown(e);
        }}
      />
      <MentionList {...mention.listProps} />
      {goneElsewhere !== null ? (
        <p className={styles.elsewhere} role="status" data-testid="comment-gone-elsewhere">
          This text was sent or discarded in another tab.{' '}
          <button
            type="button"
            className={styles.putBack}
            onClick={() => {
              dispatch({ type: 'text', text: goneElsewhere });
              setGoneElsewhere(null);
            }}
          >
            Put it back
          </button>
        </p>
      ) : null}
      <CommentLength id={`${id}-count`} text={state.text} problem={tooLong} />

      <fieldset className={styles.actions} aria-label="Comment action">
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={state.action === 'escalate'}
          disabled={busy}
          onClick={() => dispatch({ type: 'toggleAction', action: 'escalate' })}
        >
          Escalate
        </button>
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={state.action === 'snooze'}
          disabled={busy}
          onClick={() => dispatch({ type: 'toggleAction', action: 'snooze' })}
        >
          Snooze
        </button>
        {advanced ? (
          <label className={styles.sendAs}>
            Send as
            <select
              value={state.sendAs}
              disabled={busy}
              onChange={(e) => dispatch({ type: 'sendAs', sendAs: e.target.value as SendAs })}
            >
              {SEND_AS.map((value) => (
                <option key={value} value={value}>
                  {SEND_AS_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </fieldset>

      {state.action === 'escalate' ? (
        <fieldset className={styles.choices} aria-label="Team">
          {(['non-technical', 'development'] as const).map((team) => (
            <button
              key={team}
              type="button"
              aria-pressed={state.team === team}
              className={styles.choice}
              disabled={busy}
              onClick={() => dispatch({ type: 'team', value: team })}
            >
              {TEAM_LABELS[team]}
            </button>
          ))}
        </fieldset>
      ) : null}

      {state.action === 'snooze' ? (
        <div className={styles.snooze}>
          <fieldset className={styles.choices} aria-label="Snooze count">
            {SNOOZE_COUNTS.map((count) => (
              <button
                key={count}
                type="button"
                aria-pressed={state.snoozeCount === count}
                className={styles.choice}
                disabled={busy}
                onClick={() => dispatch({ type: 'snoozeCount', count })}
              >
                {count}
              </button>
            ))}
          </fieldset>
          <fieldset className={styles.choices} aria-label="Snooze unit">
            {UNITS.map(({ unit, label }) => (
              <button
                key={unit}
                type="button"
                aria-pressed={state.snoozeUnit === unit}
                className={styles.choice}
                disabled={busy || areSnoozeUnitsDisabled(state)}
                onClick={() => dispatch({ type: 'snoozeUnit', unit })}
              >
                {label}
              </button>
            ))}
          </fieldset>
          {state.snoozeValue !== null ? (
            <span className={styles.hint} data-testid="snooze-hours">
              Snoozed for {state.snoozeValue} {state.snoozeValue === 1 ? 'hour' : 'hours'}
            </span>
          ) : null}
        </div>
      ) : null}

      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}

      <div className={styles.buttons}>
        <Button type="submit" variant="primary" loading={busy} disabled={!canSubmitComment(state, busy)}>
          Add comment
        </Button>
        <Button
          type="button"
          disabled={busy}
          onClick={() => {
            drafts.clear('comment', orderUid);
            dispatch({ type: 'reset' });
            setProblem(null);
            onDirtyChange(false);
            onCancel();
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
