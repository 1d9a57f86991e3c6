import {
  dateEntryRange,
  dateEntryRangeProblem,
  isDateSaveDisabled,
  type OrderConflict,
  statusHappenedAt,
} from '@waybill/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useDrafts } from '../../hooks/use-drafts.js';
import { conflictOf, type SaveOptions } from '../../lib/conflict.js';
import { type DateParts, EMPTY_DATE_PARTS, partsToDate } from '../../lib/date-entry.js';
import { asDateDraft } from '../../lib/drafts.js';
import { errorMessage } from '../../lib/errors.js';
import { ConflictNotice } from '../conflict-notice/conflict-notice.js';
import { DateEntryFields } from '../date-entry-fields/date-entry-fields.js';
import { Modal } from '../modal/modal.js';
import styles from '../modal/modal.module.css';
import { ModalActions } from '../modal/modal-actions.js';

export interface DateChangeModalProps {
  title: string;
  /** Label of the day/month/year fields. */
  label?: string;
  testId: string;
  /** What the change is about (an order or inbound summary), above the date. */
  summary: ReactNode;
  /**
   * Saves the entered date: 15:00 local that day, or the moment of saving when that is still ahead
   * (contracts' statusHappenedAt: a status never happens later than now). A rejection keeps the modal open and shows why; a
   * CONFLICT naming who changed the order first shows the conflict warning, whose "Save anyway"
   * calls again with `{ force: true }`.
   */
  onSave: (date: Date, options?: SaveOptions) => Promise<unknown>;
  onClose: () => void;
  /** REVIEW of the conflict warning (default: close). */
  onReview?: () => void;
  /**
   * When the order or inbound was created: dates before that day are refused. Without it only the
   * year bound applies (contracts' dateEntryRange); days after today are refused either way.
   */
  createdAt?: Date | null;
  /**
   * Shown under the summary (e.g. that someone else changed what is being edited), until a save
   * meets a conflict: its warning says the same, with what to do.
   */
  notice?: ReactNode;
  /** Save stays off while set (until the user reviewed someone else's change); the typed date is kept. */
  saveBlocked?: boolean;
  /**
   * Why the change can no longer be made to the order as it is now (a colleague changed it since the
   * modal opened): said, and saving is off; the typed date is kept.
   */
  unavailable?: string | null;
  /**
   * Keeps the typed date in the browser (per user) while the modal is open: a reload or a crash
   * loses nothing, and the owner can open the modal again with it (lib/drafts `listDrafts('date')`).
   * `target` names what it is for (e.g. 'order-row:{uid}'), `kind` the status change. Saving or
   * closing the modal drops it.
   */
  draft?: { target: string; kind: string };
}

/** The date typed before a reload, when the draft is for the same status change. */
function restoredParts(saved: DateParts | null): DateParts {
  return saved
    ? { ...EMPTY_DATE_PARTS, day: saved.day, month: saved.month, year: saved.year }
    : EMPTY_DATE_PARTS;
}

const FAILED = 'The status could not be changed. Please try again.';

/** A status change that needs a date: DD MM YYYY, SAVE CHANGES and CANCEL CHANGES; closes once saved. */
export function DateChangeModal({
  title,
  label,
  testId,
  summary,
  onSave,
  onClose,
  onReview,
  createdAt,
  notice,
  saveBlocked = false,
  unavailable = null,
  draft,
}: DateChangeModalProps) {
  const drafts = useDrafts();
  const [parts, setParts] = useState<DateParts>(() => {
    const saved = draft ? drafts.read('date', draft.target, asDateDraft) : null;
    return restoredParts(saved && saved.kind === draft?.kind ? saved : null);
  });
  // The modal is open: what it holds is kept (even before any digit, so a reload reopens it).
  const draftTarget = draft?.target;
  const draftKind = draft?.kind;
  const closed = useRef(false);
  useEffect(() => {
    if (!draftTarget || !draftKind || closed.current) return;
    drafts.write('date', draftTarget, {
      kind: draftKind,
      day: parts.day,
      month: parts.month,
      year: parts.year,
    });
  }, [drafts, draftTarget, draftKind, parts.day, parts.month, parts.year]);
  const close = () => {
    closed.current = true;
    if (draftTarget) drafts.clear('date', draftTarget);
    onClose();
  };
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<OrderConflict | null>(null);
  // "Today" as of opening the modal: the range does not move while it is open.
  const [now] = useState(() => new Date());
  const range = dateEntryRange(createdAt, now);
  const entered = partsToDate(parts);
  const rangeProblem = entered ? dateEntryRangeProblem(entered, range) : null;
  const date = rangeProblem ? null : entered;

  const save = async (options?: SaveOptions) => {
    if (!date || busy || saveBlocked || (unavailable && !options?.force)) return;
    setBusy(true);
    setProblem(null);
    const at = statusHappenedAt(date, new Date());
    try {
      await (options ? onSave(at, options) : onSave(at));
    } catch (error) {
      const found = options?.force ? null : conflictOf(error);
      setConflict(found);
      if (!found) setProblem(errorMessage(error, FAILED));
      setBusy(false);
      return;
    }
    close();
  };

  return (
    <Modal
      open
      title={title}
      busy={busy}
      onClose={close}
      testId={testId}
      footer={
        <ModalActions
          confirmLabel="SAVE CHANGES"
          cancelLabel="CANCEL CHANGES"
          busy={busy}
          disabled={
            isDateSaveDisabled(parts, busy, range) || saveBlocked || unavailable !== null || conflict !== null
          }
          onConfirm={() => void save()}
          onCancel={close}
        />
      }
    >
      {summary}
      {/* The save-time conflict below says the same, with what to do: one warning, not two. */}
      {conflict ? null : notice}
      <DateEntryFields
        value={parts}
        onChange={setParts}
        disabled={busy}
        label={label}
        rangeProblem={rangeProblem}
        onEnter={() => void save()}
      />
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
          onReview={() => {
            closed.current = true;
            if (draftTarget) drafts.clear('date', draftTarget);
            (onReview ?? onClose)();
          }}
          onSaveAnyway={() => void save({ force: true })}
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
