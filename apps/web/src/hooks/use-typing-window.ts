import { isTypingAt, typingLeftMs } from '@waybill/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface TypingWindow {
  /** A key was pressed in the comment editor within the typing window. */
  typing: boolean;
  /** A key was pressed in the comment editor now. */
  keyPressed: () => void;
  /** Typing ended at once (the comment was saved or cancelled, another order opened). */
  stop: () => void;
}

/**
 * The presence "typing" rule on this tab: typing from a key press until the typing window has
 * passed without another. One timer at a time, moved on only when it fires, so a key press costs
 * no render and no timer while typing goes on.
 */
export function useTypingWindow(now: () => number = Date.now): TypingWindow {
  const [typing, setTyping] = useState(false);
  const lastKeyAt = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clock = useRef(now);
  clock.current = now;

  const clear = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const check = useCallback(() => {
    timer.current = null;
    const at = clock.current();
    if (isTypingAt(lastKeyAt.current, at)) {
      timer.current = setTimeout(check, typingLeftMs(lastKeyAt.current, at));
      return;
    }
    lastKeyAt.current = null;
    setTyping(false);
  }, []);

  const keyPressed = useCallback(() => {
    lastKeyAt.current = clock.current();
    setTyping(true);
    if (timer.current === null)
      timer.current = setTimeout(check, typingLeftMs(lastKeyAt.current, clock.current()));
  }, [check]);

  const stop = useCallback(() => {
    clear();
    lastKeyAt.current = null;
    setTyping(false);
  }, [clear]);

  useEffect(() => clear, [clear]);
  return { typing, keyPressed, stop };
}
