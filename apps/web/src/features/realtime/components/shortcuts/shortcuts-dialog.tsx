import { Modal } from '../../../../components/modal/modal.js';
import { DETAIL_SHORTCUTS, SHORTCUTS } from './shortcut-list.js';
import styles from './shortcuts.module.css';

/** The '?' dialog: every shortcut of the orders screen. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" testId="shortcuts-dialog" width={480}>
      <p className={styles.note}>Shortcuts do not act while you type in a field or while a dialog is open.</p>
      <h3 className={styles.heading}>In the list</h3>
      <ShortcutTable shortcuts={SHORTCUTS} />
      <h3 className={styles.heading}>In an open order</h3>
      <ShortcutTable shortcuts={DETAIL_SHORTCUTS} />
    </Modal>
  );
}

function ShortcutTable({ shortcuts }: { shortcuts: typeof SHORTCUTS }) {
  return (
    <dl className={styles.list}>
      {shortcuts.map((s) => (
        <div key={s.does} className={styles.item}>
          <dt className={styles.keys}>
            {s.keys.map((k) => (
              <kbd key={k} className={styles.kbd}>
                {k}
              </kbd>
            ))}
          </dt>
          <dd className={styles.does}>{s.does}</dd>
        </div>
      ))}
    </dl>
  );
}
