/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * An async iterator over "something changed" signals, coalesced: after a wake-up it waits
 * `settleMs` so a burst (a tab resubscribing to switch typing) gives one push. With `gapMs`, two
 * yields are at least that far apart: changes meanwhile fold into the next one, so a stream of
 * changes costs each watcher at most one push per `gapMs`. Ends on `signal`.
 */
export async function* changes(
  subscribe: (wake: () => void) => () => void,
  signal: AbortSignal | undefined,
  settleMs: number,
  gapMs = 0,
): AsyncGenerator<void> {
  let pending = true;
  let wake: (() => void) | null = null;
  const unsubscribe = subscribe(() => {
    pending = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    while (!signal?.aborted) {
      if (!pending) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (signal?.aborted) return;
      if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
      pending = false;
      yield;
      if (gapMs > settleMs) await pause(gapMs - settleMs, signal);
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener('abort', onAbort);
  }
}
