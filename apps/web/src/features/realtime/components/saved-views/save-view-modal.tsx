import type { OrdersFilter } from '@waybill/contracts';
import { useId, useState } from 'react';
import { Modal } from '../../../../components/modal/modal.js';
import { ModalActions } from '../../../../components/modal/modal-actions.js';
import { useToast } from '../../../../components/toast/toast.js';
import {
  type SavedView,
  VIEW_NAME_MAX,
  viewErrorText,
  viewNameProblem,
  viewSizeProblem,
} from '../../../../lib/saved-views.js';
import styles from './saved-views.module.css';

/** Names the current filters (or a colleague's view, copied) as a saved view of the user's. */
export function SaveViewModal({
  views,
  saving,
  onSave,
  onClose,
  title = 'Save current view',
  initialName = '',
}: {
  /** The user's own views: a name must differ from theirs. */
  views: ReadonlyArray<Pick<SavedView, 'id' | 'name'>>;
  /** What the view keeps: too many filter values cannot be saved, whatever the name. */
  saving: { search: string; filter: OrdersFilter };
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
  title?: string;
  initialName?: string;
}) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const id = useId();
  const tooLarge = viewSizeProblem(saving);
  const problem = viewNameProblem(name, views) ?? tooLarge;
  // A name typed that cannot be saved says why at once (the button is off); an empty field only
  // once the user has left it or tried to save. Filters too large say so from the start.
  const shown = (touched || name.trim() !== '') && problem ? problem : tooLarge;
  const save = async () => {
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    try {
      await onSave(name);
    } catch (error) {
      setBusy(false);
      toast.error('The view could not be saved', viewErrorText(error, 'The view could not be saved.'));
      return;
    }
    toast.success(`View "${name.trim()}" saved`);
    onClose();
  };
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      testId="save-view"
      footer={
        <ModalActions
          confirmLabel="SAVE VIEW"
          busy={busy}
          disabled={!!problem}
          onConfirm={() => void save()}
          onCancel={onClose}
        />
      }
    >
      <label htmlFor={id} className={styles.label}>
        View name
      </label>
      <input
        id={id}
        data-autofocus
        className={styles.input}
        value={name}
        maxLength={VIEW_NAME_MAX + 10}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => setTouched(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
        }}
        aria-invalid={!!shown}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={shown ? styles.error : styles.hint}>
        {shown ?? 'The filters, status group and search of this list, kept with your account.'}
      </p>
    </Modal>
  );
}
