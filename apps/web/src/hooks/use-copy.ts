import { COPY_FEEDBACK_MS } from '@waybill/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Clipboard write with a 'Copied!' flag that clears after `feedbackMs` (2 s by default). */
export function useCopy(feedbackMs = COPY_FEEDBACK_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(
    async (text: unknown): Promise<boolean> => {
      // Copying a reference requires a string reference.
      if (typeof text !== 'string' || text.length === 0) return false;
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        if (!legacyCopy(text)) return false;
      }
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), feedbackMs);
      return true;
    },
    [feedbackMs],
  );
  return { copied, copy };
}

/** Fallback for insecure origins (plain http on a LAN address) where navigator.clipboard is missing. */
function legacyCopy(text: string): boolean {
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}
