import { describe, expect, it } from 'vitest';
import { isTypingAt, TYPING_WINDOW_MS, typingLeftMs } from './presence-typing.js';

describe('presence typing window', () => {
  it('is typing for 5 s after the last key, not before any key nor at the window end', () => {
    expect(TYPING_WINDOW_MS).toBe(5_000);
    expect(isTypingAt(null, 1_000)).toBe(false);
    expect(isTypingAt(1_000, 1_000)).toBe(true);
    expect(isTypingAt(1_000, 5_999)).toBe(true);
    expect(isTypingAt(1_000, 6_000)).toBe(false);
  });

  it('says how long the typing state has left', () => {
    expect(typingLeftMs(null, 1_000)).toBe(0);
    expect(typingLeftMs(1_000, 2_000)).toBe(4_000);
    expect(typingLeftMs(1_000, 9_000)).toBe(0);
  });
});
