import { useState } from 'react';
import { Button } from '../../../../components/button/button.js';
import { Modal } from '../../../../components/modal/modal.js';
import { useToast } from '../../../../components/toast/toast.js';
import { useCopy } from '../../../../hooks/use-copy.js';
import { type SavedView, VIEW_NAME_MAX, viewHref, viewNameProblem } from '../../../../lib/saved-views.js';
import styles from './saved-views.module.css';

/** Rename, delete or share (copy the link of) each saved view. */
export function ManageViewsModal({
  views,
  onRename,
  onDelete,
  onClose,
}: {
  views: readonly SavedView[];
  onRename: (id: string, name: string) => void;
  onDelete: (id: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal open title="Saved views" onClose={onClose} testId="manage-views" width={560}>
      {views.length === 0 ? <p className={styles.hint}>No saved views.</p> : null}
      <ul className={styles.list}>
        {views.map((view) => (
          <ViewRow key={view.id} view={view} views={views} onRename={onRename} onDelete={onDelete} />
        ))}
      </ul>
    </Modal>
  );
}

function ViewRow({
  view,
  views,
  onRename,
  onDelete,
}: {
  view: SavedView;
  views: readonly SavedView[];
  onRename: (id: string, name: string) => void;
  onDelete: (id: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(view.name);
  const { copy } = useCopy();
  const toast = useToast();
  const problem = viewNameProblem(name, views, view.id);
  const link = `${window.location.origin}${viewHref(view)}`;

  const save = () => {
    if (problem) return;
    onRename(view.id, name);
    setEditing(false);
  };

  return (
    <li className={styles.row} data-testid="manage-view">
      {editing ? (
        <span className={styles.edit}>
          <input
            className={styles.input}
            aria-label={`New name for ${view.name}`}
            value={name}
            maxLength={VIEW_NAME_MAX + 10}
            // biome-ignore lint/a11y/noAutofocus: the field the user just asked to edit.
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') save();
              if (e.key === 'Escape') {
                e.stopPropagation();
                setEditing(false);
                setName(view.name);
              }
            }}
          />
          {problem ? <span className={styles.error}>{problem}</span> : null}
        </span>
      ) : (
        <span className={styles.name}>{view.name}</span>
      )}
      <span className={styles.buttons}>
        {editing ? (
          <Button size="sm" variant="primary" disabled={!!problem} onClick={save}>
            Save name
          </Button>
        ) : (
          <Button size="sm" onClick={() => setEditing(true)} aria-label={`Rename ${view.name}`}>
            Rename
          </Button>
        )}
        <Button
          size="sm"
          aria-label={`Copy link to ${view.name}`}
          onClick={() =>
            void copy(link).then((ok) =>
              ok ? toast.success('Link copied', link) : toast.error('The link could not be copied', link),
            )
          }
        >
          Copy link
        </Button>
        <Button
          size="sm"
          variant="danger"
          aria-label={`Delete ${view.name}`}
          onClick={() => onDelete(view.id)}
        >
          Delete
        </Button>
      </span>
    </li>
  );
}
