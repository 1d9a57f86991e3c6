/**
 * An async iterator over "something changed" signals, coalesced: after a wake-up it waits
 * `settleMs` so a burst (a tab resubscribing to switch typing) gives one push. Ends on `signal`.
 */
export async function* changes(
  subscribe: (wake: () => void) => () => void,
  signal: AbortSignal | undefined,
  settleMs: number,
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
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener('abort', onAbort);
  }
}
