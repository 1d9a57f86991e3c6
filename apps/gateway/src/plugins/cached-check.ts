/**
 * Wraps an async check so that callers within `ttlMs` of its last answer get that answer, and
 * callers while it runs share the run: a burst of probes makes one call, whatever its size.
 * A check that throws is not remembered.
 */
export function cachedCheck<T>(
  check: () => Promise<T>,
  ttlMs: number,
  now: () => number = () => Date.now(),
): () => Promise<T> {
  let settled: { at: number; value: T } | null = null;
  let running: Promise<T> | null = null;
  return () => {
    if (settled && now() - settled.at < ttlMs) return Promise.resolve(settled.value);
    if (running) return running;
    const run = check().then((value) => {
      settled = { at: now(), value };
      return value;
    });
    running = run;
    const clear = () => {
      if (running === run) running = null;
    };
    run.then(clear, clear);
    return run;
  };
}
