/** The longest wait between two reconnect attempts of a script's websocket, as in the console. */
export const RECONNECT_MAX_DELAY_MS = 2_000;

/**
 * Wait before reconnect attempt `attempt`: at once first, then doubling from 1 s with jitter (so a
 * restarted gateway is not hit by every script at the same instant), never above 2 s, so a script
 * resumes its subscriptions within seconds of the gateway or balancer coming back. tRPC's default
 * grows to 30 s.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  if (attempt === 0) return 0;
  const base = Math.min(500 * 2 ** attempt, RECONNECT_MAX_DELAY_MS);
  return Math.round(base * (0.5 + random() / 2));
}
