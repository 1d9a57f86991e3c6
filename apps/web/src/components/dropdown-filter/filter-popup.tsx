import * as Menu from '@radix-ui/react-dropdown-menu';
import { Search } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import styles from './dropdown-filter.module.css';

/** The options a key can move to, in order: enabled items only. */
const ENABLED_ITEM = '[role^="menuitem"]:not([data-disabled])';

export interface FilterPopupSearch {
  query: string;
  onQuery: (query: string) => void;
}

/**
 * A dropdown filter's popup. Without a filter box it is the menu of options. With one it is a
 * non-modal dialog holding the labelled box and, below it, the menu: a text box is no menu item, so
 * it stays outside the `role="menu"` element, where a screen reader in its menu mode still reaches
 * and types in it. Radix's menu content is that dialog (its focus, dismissal and arrow keys serve
 * both parts), and the box comes and goes without remounting it, since the options (and so the box)
 * may land while the popup is open.
 * Keys: Arrow Down or Tab in the box goes to the first option; Arrow Up on the first option or
 * Shift+Tab on any goes back to the box; Tab on the popup itself (where a click leaves the focus)
 * goes to the box.
 */
export function FilterPopup({
  label,
  search,
  children,
}: {
  label: string;
  search: FilterPopupSearch | null;
  children: ReactNode;
}) {
  const box = useRef<HTMLInputElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const firstOption = () => menu.current?.querySelector<HTMLElement>(ENABLED_ITEM) ?? null;
  const toBox = (e: KeyboardEvent) => {
    if (!box.current) return;
    e.preventDefault();
    box.current.focus();
  };

  return (
    <Menu.Content
      className={styles.content}
      align="start"
      sideOffset={4}
      // With a box, Radix's content is the dialog around box and menu, named by its trigger.
      {...(search ? { role: 'dialog', 'aria-orientation': undefined } : { 'aria-label': label })}
      onKeyDown={(e) => {
        const onPopup = e.target === e.currentTarget;
        const inMenu = e.target instanceof Node && menu.current?.contains(e.target);
        if (onPopup && e.key === 'Tab' && !e.shiftKey) toBox(e);
        if (inMenu && e.key === 'Tab' && e.shiftKey) toBox(e);
        if (e.key === 'ArrowUp' && e.target === firstOption()) toBox(e);
      }}
    >
      {search ? (
        <div className={styles.searchRow}>
          <Search size={13} aria-hidden />
          <input
            ref={box}
            className={styles.search}
            placeholder={`Filter ${label.toLowerCase()}`}
            aria-label={`Filter ${label.toLowerCase()} options`}
            value={search.query}
            onChange={(e) => search.onQuery(e.target.value)}
            onKeyDown={(e) => {
              if ((e.key === 'ArrowDown' || e.key === 'Tab') && !e.shiftKey) {
                e.preventDefault();
                firstOption()?.focus();
              }
              // The menu's type-ahead and its Tab guard must not take the box's keys; Escape still
              // closes (Radix listens on the document).
              e.stopPropagation();
            }}
          />
        </div>
      ) : null}
      <div
        ref={menu}
        // Without a box the content itself is the menu, and this wrapper is no part of the tree.
        {...(search ? { role: 'menu', 'aria-label': label } : { role: 'none' })}
      >
        {children}
      </div>
    </Menu.Content>
  );
}
