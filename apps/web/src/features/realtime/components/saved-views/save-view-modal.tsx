import { useId, useState } from 'react';
import { Modal } from '../../../../components/modal/modal.js';
import { ModalActions } from '../../../../components/modal/modal-actions.js';
import { useToast } from '../../../../components/toast/toast.js';
import { type SavedView, VIEW_NAME_MAX, viewNameProblem } from '../../../../lib/saved-views.js';
import styles from './saved-views.module.css';

/** Names the current filters as a saved view. */
export function SaveViewModal({
  views,
  onSave,
  onClose,
}: {
  views: readonly SavedView[];
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const toast = useToast();
  const id = useId();
  const problem = viewNameProblem(name, views);
  const save = () => {
    setTouched(true);
    if (problem) return;
    try {
      onSave(name);
    } catch {
      toast.error('The view could not be saved', 'This browser does not allow saving it.');
      return;
    }
    toast.success(`View "${name.trim()}" saved`);
    onClose();
  };
  return (
    <Modal
      open
      title="Save current view"
      onClose={onClose}
      testId="save-view"
      footer={
        <ModalActions confirmLabel="SAVE VIEW" disabled={!!problem} onConfirm={save} onCancel={onClose} />
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
          if (e.key === 'Enter') save();
        }}
        aria-invalid={touched && !!problem}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={touched && problem ? styles.error : styles.hint}>
        {touched && problem
          ? problem
          : 'The filters, status group and search of this list, stored in this browser.'}
      </p>
    </Modal>
  );
}
