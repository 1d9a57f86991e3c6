import { createWaybillClient, type WaybillClient } from '../index.js';
import { usageError } from './errors.js';
import { GatewaySocket } from './live-socket.js';

/** How long one call may wait for the gateway's answer, unless WAYBILL_TIMEOUT says otherwise. */
export const DEFAULT_TIMEOUT_S = 30;
/** Longer is surely a typo (milliseconds given as seconds), and Node's timers end at about 24.8 days. */
export const MAX_TIMEOUT_S = 3600;

/** WAYBILL_TIMEOUT (seconds, fractions allowed) in milliseconds; 30 s when unset. */
export function requestTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.WAYBILL_TIMEOUT?.trim();
  if (!text) return DEFAULT_TIMEOUT_S * 1000;
  const seconds = Number(text);
  // Plain decimals only (`.5`, `2.`, `30`): `1e3` or `0x10` is a typo, not a number of seconds.
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text) || !(seconds > 0))
    throw usageError(`WAYBILL_TIMEOUT must be a number of seconds above 0 (got "${text}")`);
  if (seconds > MAX_TIMEOUT_S)
    throw usageError(`WAYBILL_TIMEOUT must be at most ${MAX_TIMEOUT_S} seconds (got "${text}")`);
  return Math.ceil(seconds * 1000);
}

export function timeoutText(ms: number): string {
  return `${ms / 1000} s`;
}

/** The gateway the command talks to, once known: what a failure to reach it names. */
let current: string | null = null;

export function gatewayInUse(): string | null {
  return current;
}

export function useGateway(url: string): void {
  current = url;
}

/**
 * A client for `url` bound by the command's request timeout; that gateway is named on failures. Its
 * websocket notes why the gateway refuses one (live-socket.ts).
 */
export function clientFor(url: string, token?: string): WaybillClient {
  useGateway(url);
  return createWaybillClient({ url, token, timeoutMs: requestTimeoutMs(), WebSocket: GatewaySocket });
}
