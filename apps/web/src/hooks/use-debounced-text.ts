import { SEARCH_DEBOUNCE_MS } from '@waybill/contracts';
import { useEffect, useRef, useState } from 'react';

/**
 * A search box's text: `commit` gets the trimmed text 300 ms after the last keystroke, and a new
 * `value` from outside (Back, Clear, a shared link) replaces what is typed.
 */
export function useDebouncedText(
  value: string,
  commit: (text: string) => void,
  delayMs: number = SEARCH_DEBOUNCE_MS,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      if (timer.current) clearTimeout(timer.current);
      setText(value);
    }
  }, [value]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const type = (next: string) => {
    setText(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const trimmed = next.trim();
      if (trimmed === sent.current) return;
      sent.current = trimmed;
      commitRef.current(trimmed);
    }, delayMs);
  };
  return [text, type];
}
