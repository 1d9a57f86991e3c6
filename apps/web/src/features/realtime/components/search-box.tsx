import { SEARCH_DEBOUNCE_MS } from '@waybill/contracts';
import { Search, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useDebouncedText } from '../../../hooks/use-debounced-text.js';
import { singleKeyBlocked } from '../../../lib/keyboard.js';
import styles from './search-box.module.css';

export interface SearchBoxProps {
  value: string;
  onSearch: (value: string) => void;
  delayMs?: number;
}

/** Order reference search: sends its value 300 ms after the last keystroke. */
export function SearchBox({ value, onSearch, delayMs = SEARCH_DEBOUNCE_MS }: SearchBoxProps) {
  // The URL (back button, Clear) can change the value from outside; the hook takes it over.
  const [text, schedule] = useDebouncedText(value, onSearch, delayMs);
  const input = useRef<HTMLInputElement>(null);

  // '/' jumps to the search box from anywhere on the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Not while typing elsewhere, with a modifier, or with a modal open (the shortcut rule).
      if (event.key !== '/' || singleKeyBlocked(event)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className={styles.box}>
      <Search size={14} aria-hidden className={styles.icon} />
      <input
        ref={input}
        type="search"
        name="q"
        className={styles.input}
        placeholder="Search order reference"
        aria-label="Search order reference"
        aria-keyshortcuts="/"
        value={text}
        maxLength={200}
        onChange={(e) => schedule(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) schedule('');
        }}
      />
      {text ? (
        <button type="button" className={styles.clear} aria-label="Clear search" onClick={() => schedule('')}>
          <X size={13} aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
