import { firstCharacters, type SavedTeamView, viewKey } from '@waybill/contracts';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../../components/button/button.js';
import { Modal } from '../../../../components/modal/modal.js';
import { useToast } from '../../../../components/toast/toast.js';
import { useCopy } from '../../../../hooks/use-copy.js';
import { VIEW_NAME_MAX, viewErrorText, viewNameProblem } from '../../../../lib/saved-views.js';
import styles from './saved-views.module.css';

const SaveViewModal = lazy(async () => ({ default: (await import('./save-view-modal.js')).SaveViewModal }));

interface Actions {
  hrefOf: (view: SavedTeamView) => string;
  onRename: (view: SavedTeamView, name: string) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
  onShare: (id: string, shared: boolean) => Promise<unknown>;
  onCopy: (view: SavedTeamView, name: string) => Promise<unknown>;
}

/**
 * The user's views: rename, delete, share with the team or copy the link. Colleagues' shared views
 * are read-only here: copy one to make it the user's own.
 */
export function ManageViewsModal({
  views,
  onClose,
  ...actions
}: Actions & { views: readonly SavedTeamView[]; onClose: () => void }) {
  const [copying, setCopying] = useState<SavedTeamView | null>(null);
  const own = views.filter((v) => v.mine);
  return (
    <>
      <Modal open={!copying} title="Saved views" onClose={onClose} testId="manage-views" width={640}>
        {views.length === 0 ? <p className={styles.hint}>No saved views.</p> : null}
        <ul className={styles.list}>
          {views.map((view) => (
            <ViewRow key={viewKey(view)} view={view} own={own} actions={actions} onCopy={setCopying} />
          ))}
        </ul>
      </Modal>
      {copying ? (
        <Suspense fallback={null}>
          <SaveViewModal
            title={`Copy "${copying.name}"`}
            initialName={firstCharacters(copying.name, VIEW_NAME_MAX)}
            views={own}
            saving={copying}
            onSave={(name) => actions.onCopy(copying, name)}
            onClose={() => setCopying(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function ViewRow({
  view,
  own,
  actions,
  onCopy,
}: {
  view: SavedTeamView;
  own: readonly SavedTeamView[];
  actions: Actions;
  onCopy: (view: SavedTeamView) => void;
}) {
  const [editing, setEditing] = useState(false);
  // A shared view is deleted for everyone who uses it: asked first.
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [name, setName] = useState(view.name);
  const [busy, setBusy] = useState(false);
  const { copy } = useCopy();
  const toast = useToast();
  const problem = viewNameProblem(name, own, view.id);
  const link = `${window.location.origin}${actions.hrefOf(view)}`;

  const run = async (what: string, call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      return true;
    } catch (error) {
      toast.error(`The view could not be ${what}`, viewErrorText(error, `The view could not be ${what}.`));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (problem) return;
    if (await run('renamed', () => actions.onRename(view, name))) setEditing(false);
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
              if (e.key === 'Enter') void save();
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
        <span className={styles.name}>
          {view.name}
          <span className={styles.owner}>
            {view.mine ? (view.shared ? 'Shared with the team' : 'Only you') : `Shared by ${view.owner.name}`}
          </span>
        </span>
      )}
      <span className={styles.buttons}>
        {view.mine ? (
          <>
            {editing ? (
              <Button size="sm" variant="primary" disabled={!!problem || busy} onClick={() => void save()}>
                Save name
              </Button>
            ) : (
              <Button size="sm" onClick={() => setEditing(true)} aria-label={`Rename ${view.name}`}>
                Rename
              </Button>
            )}
            <Button
              size="sm"
              disabled={busy}
              aria-label={view.shared ? `Stop sharing ${view.name}` : `Share ${view.name} with the team`}
              onClick={() =>
                void run(view.shared ? 'unshared' : 'shared', () => actions.onShare(view.id, !view.shared))
              }
            >
              {view.shared ? 'Stop sharing' : 'Share'}
            </Button>
          </>
        ) : (
          <Button size="sm" aria-label={`Copy ${view.name} to your views`} onClick={() => onCopy(view)}>
            Copy to my views
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
        {view.mine && !confirmingDelete ? (
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            aria-label={`Delete ${view.name}`}
            onClick={() =>
              view.shared ? setConfirmingDelete(true) : void run('deleted', () => actions.onDelete(view.id))
            }
          >
            Delete
          </Button>
        ) : null}
      </span>
      {confirmingDelete ? (
        <span className={styles.confirm} role="alert" data-testid="confirm-delete-view">
          Colleagues may be using this view: delete it for the whole team?
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={() => void run('deleted', () => actions.onDelete(view.id))}
          >
            Delete for the team
          </Button>
          <Button size="sm" disabled={busy} onClick={() => setConfirmingDelete(false)}>
            Keep it
          </Button>
        </span>
      ) : null}
    </li>
  );
}
