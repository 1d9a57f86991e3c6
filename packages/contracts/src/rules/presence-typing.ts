/**
 * Presence "typing": the user wrote in the comment editor (a key, a paste) within this window.
 * Unsaved text alone is not typing: a colleague who stopped writing (or left a draft open) is no
 * longer shown as typing.
 */
export const TYPING_WINDOW_MS = 5_000;

/** Whether a user whose last key in the editor was at `lastKeyAt` is typing at `now` (epoch ms). */
export function isTypingAt(lastKeyAt: number | null, now: number): boolean {
  return lastKeyAt !== null && now - lastKeyAt < TYPING_WINDOW_MS;
}

/** How long from `now` until the typing state of a last key at `lastKeyAt` ends (0 when it has). */
export function typingLeftMs(lastKeyAt: number | null, now: number): number {
  return lastKeyAt === null ? 0 : Math.max(0, lastKeyAt + TYPING_WINDOW_MS - now);
}
