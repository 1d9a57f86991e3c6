import type { Pool } from 'undici';
import { getOk, openLoop } from './open-loop.js';
import { percentile, round } from './stats.js';

/** Where the bare forwarder answers its own CPU time (µs, user + system) instead of forwarding. */
export const CPU_PATH = '/__cpu';

/** One way to the same order detail: a server's URL, the path to ask and the bearer it takes. */
export interface OverheadSide {
  url: string;
  path: string;
  token: string;
  /** The serving process's CPU time so far, in µs (not for the direct side). */
  cpuUs?: () => Promise<number>;
}

export interface OverheadOptions {
  /** The gateway's orders.detail. */
  gateway: OverheadSide;
  /** The bare forwarder in front of the backend: what any extra hop costs on this machine. */
  floor: OverheadSide;
  /** The backend itself (GET /orders/order/{uid}). */
  direct: OverheadSide;
  /** Calls a second to each side. */
  rps: number;
  seconds: number;
  /** Untimed seconds at the same rate first: each side timed as a running server, not a just-started one. */
  warmUpSeconds: number;
  pool: typeof Pool;
}

/** A side's added latency: its percentiles less the direct call's, from the same window. */
export interface Overhead {
  p50: number;
  p99: number;
  side_p50: number;
  side_p99: number;
  direct_p50: number;
  direct_p99: number;
  requests: number;
  response_bytes: number;
  /** The serving process's CPU time over the window, per request it answered. */
  cpu_us_per_request: number;
}

/**
 * The same query through the gateway, through the bare forwarder and straight to the backend, in
 * turn at a fixed open-loop rate: the three share one window, so this VM's drift from minute to
 * minute moves the figure and its floor alike.
 */
export async function overheadSideBySide(
  o: OverheadOptions,
): Promise<{ gateway: Overhead; floor: Overhead }> {
  const sides = [o.gateway, o.floor, o.direct];
  const pools = sides.map((s) => new o.pool(s.url, { connections: 32 }));
  const samples: number[][] = sides.map(() => []);
  const bytes = sides.map(() => 0);
  const time = async (i: number, into: number[][]) => {
    const start = performance.now();
    bytes[i] = (await getOk(pools[i]!, sides[i]!.path, sides[i]!.token)).length;
    into[i]!.push(performance.now() - start);
  };
  // Each side in turn, each at o.rps.
  const run = (seconds: number, into: number[][]) =>
    openLoop(o.rps * seconds * sides.length, 1000 / (o.rps * sides.length), (i) =>
      time(i % sides.length, into),
    );
  const untimed = sides.map(() => []);
  await run(o.warmUpSeconds, untimed);
  const cpuBefore = await Promise.all([o.gateway, o.floor].map((s) => s.cpuUs?.() ?? 0));
  await run(o.seconds, samples);
  const cpuAfter = await Promise.all([o.gateway, o.floor].map((s) => s.cpuUs?.() ?? 0));
  await Promise.all(pools.map((p) => p.close()));
  const [, , direct] = samples as [number[], number[], number[]];
  const against = (i: number): Overhead => ({
    p50: round(percentile(samples[i]!, 50) - percentile(direct, 50)),
    p99: round(percentile(samples[i]!, 99) - percentile(direct, 99)),
    side_p50: round(percentile(samples[i]!, 50)),
    side_p99: round(percentile(samples[i]!, 99)),
    direct_p50: round(percentile(direct, 50)),
    direct_p99: round(percentile(direct, 99)),
    requests: samples[i]!.length,
    response_bytes: bytes[i]!,
    cpu_us_per_request: round((cpuAfter[i]! - cpuBefore[i]!) / samples[i]!.length, 1),
  });
  return { gateway: against(0), floor: against(1) };
}
