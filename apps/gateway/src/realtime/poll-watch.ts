/**
 * Watches the change poll's lag, so change-driven lists can say they are stale when the backend or
 * the poll fails, even when no change arrives (a failing poll brings none to refresh on). A poll
 * more than one and a half intervals behind is stale: checked four times an interval, that is
 * within two intervals of the last good poll. Never before `MIN_STALE_MS`, which scheduling jitter
 * alone can reach at very short intervals. `onFresh` runs once the poll catches up (its window
 * covers the gap, so what it missed arrives as changes).
 */
export const MIN_STALE_MS = 1000;

export function watchPoll(opts: {
  lagMs: () => number;
  intervalMs: number;
  /** Once, when the poll falls behind. */
  onStale: () => void;
  /** At every check while the poll is behind, the first included: a list opened meanwhile is stale too. */
  whileStale: () => void;
  onFresh: () => void;
}): () => void {
  let stale = false;
  const timer = setInterval(
    () => {
      const now = opts.lagMs() > Math.max(1.5 * opts.intervalMs, MIN_STALE_MS);
      if (now !== stale) {
        stale = now;
        if (stale) opts.onStale();
        else opts.onFresh();
      }
      if (stale) opts.whileStale();
    },
    Math.max(25, opts.intervalMs / 4),
  );
  timer.unref?.();
  return () => clearInterval(timer);
}
