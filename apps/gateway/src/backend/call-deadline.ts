/** A backend call's deadline: its signal, whether the deadline passed, and `done` once it answered. */
export interface CallDeadline {
  readonly signal: AbortSignal;
  readonly timedOut: boolean;
  done(): void;
}

/**
 * The signal a backend call runs under: aborted when `ms` pass or when the caller's `outer` signal
 * aborts. `done` clears the timer and the listener, so a call that answered leaves nothing behind.
 * Not `AbortSignal.timeout` + `AbortSignal.any`: they cannot be cleared, so each call's timer would
 * still fire after its answer, building a DOMException and dispatching it during whatever request
 * runs then.
 */
export function callDeadline(ms: number, outer?: AbortSignal): CallDeadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`The call did not answer within ${ms} ms`, 'TimeoutError'));
  }, ms);
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}
