/** One figure of `pnpm chaos`: its value, the bar it must meet, and whether it does. */
export interface Figure {
  figure: string;
  value: number;
  bar: string;
  ok: boolean;
}

/** `value` against a bar of the form `= n` or `<= n` (printed as `≤ n`). */
export function figure(name: string, value: number, bar: { equal: number } | { atMost: number }): Figure {
  if ('equal' in bar) return { figure: name, value, bar: `= ${bar.equal}`, ok: value === bar.equal };
  return { figure: name, value, bar: `≤ ${bar.atMost}`, ok: Number.isFinite(value) && value <= bar.atMost };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves with the time (ms epoch) `probe` first held, asked every 50 ms; null once `ms` has passed
 * without it (the caller counts what is missing rather than stopping the scenario).
 */
export async function when(probe: () => boolean | Promise<boolean>, ms: number): Promise<number | null> {
  const end = Date.now() + ms;
  for (;;) {
    if (await probe()) return Date.now();
    if (Date.now() > end) return null;
    await sleep(50);
  }
}

/** Like `when`, but a missed deadline is an error naming `what` (for setup steps, not for figures). */
export async function until(what: string, probe: () => boolean | Promise<boolean>, ms: number) {
  const at = await when(probe, ms);
  if (at === null) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
  return at;
}

/** Progress on stderr, so stdout holds only the figures. */
export function log(message: string): void {
  process.stderr.write(`[chaos ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}
