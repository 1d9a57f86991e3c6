import { useEffect, useRef } from 'react';
import { detailKeyBlocked } from '../../../lib/keyboard.js';

export interface DetailShortcutHandlers {
  onNext: () => void;
  onPrevious: () => void;
  onStatusMenu: () => void;
  onEscalate: () => void;
  onComment: () => void;
}

const KEYS: Record<string, keyof DetailShortcutHandlers> = {
  j: 'onNext',
  k: 'onPrevious',
  s: 'onStatusMenu',
  e: 'onEscalate',
  c: 'onComment',
};

/**
 * The open order's keyboard: j/k the next and previous order of the list it was opened from, s the
 * status menu, e escalate, c comment (Esc, closing, is the detail layer's). Never while typing, in an
 * open menu or under another dialog. Each caller handles the keys it is given handlers for.
 */
export function useDetailShortcuts(handlers: Partial<DetailShortcutHandlers>): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const name = KEYS[event.key];
      const handler = name ? ref.current[name] : undefined;
      if (!handler || detailKeyBlocked(event)) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
