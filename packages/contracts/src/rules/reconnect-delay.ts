/** The longest wait between two websocket reconnect attempts (the console's and scripts'). */
export const WS_RECONNECT_MAX_DELAY_MS = 1_000;

/**
 * Wait before reconnect attempt `attempt`: at once first, then between half of and the whole
 * WS_RECONNECT_MAX_DELAY_MS at random, so a restarted gateway or balancer is not hit by every client at
 * the same instant and is found within about a second of coming back. tRPC's default grows to 30 s,
 * which leaves screens stale long after a short outage; a refused attempt costs a gateway almost
 * nothing.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  if (attempt === 0) return 0;
  return Math.round(WS_RECONNECT_MAX_DELAY_MS * (0.5 + random() / 2));
}
