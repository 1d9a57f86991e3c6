import { useEffect, useState } from 'react';

/**
 * True once `waiting` has held for `ms` without a break: loading must not look like "nothing there",
 * so a first answer slower than that is said. Starts again each time `waiting` turns true.
 */
export function useSlowAfter(waiting: boolean, ms: number): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), ms);
    return () => clearTimeout(timer);
  }, [waiting, ms]);
  return waiting && slow;
}
