import type { Mentionable } from '@waybill/contracts';
import styles from './mention-list.module.css';

/**
 * The names `@` offers under the comment box: a listbox the text box drives (aria-activedescendant),
 * so the focus stays in the text while ↑/↓ choose. A click picks too; the text box keeps the focus.
 */
export function MentionList({
  id,
  open,
  options,
  activeIndex,
  optionId,
  onPick,
}: {
  id: string;
  open: boolean;
  options: readonly Mentionable[];
  activeIndex: number;
  optionId: (index: number) => string;
  onPick: (user: Mentionable) => void;
}) {
  return (
    <>
      {open ? (
        <div
          id={id}
          role="listbox"
          aria-label="Mention a colleague"
          className={styles.list}
          data-testid="mention-list"
        >
          {options.map((user, i) => (
            <div
              key={user.uid}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === activeIndex}
              className={styles.option}
              // The text box keeps the focus: a mouse pick is the same as Enter.
              onMouseDown={(e) => {
                e.preventDefault();
                onPick(user);
              }}
            >
              {user.name}
            </div>
          ))}
        </div>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {open
          ? `${options.length} ${options.length === 1 ? 'name' : 'names'} to mention: up and down to choose, Enter to insert`
          : ''}
      </span>
    </>
  );
}
