import { setTimeout as sleep } from 'node:timers/promises';
import { ORDER_STATISTICS_CALLS } from '@waybill/contracts';
import { Pool } from 'undici';
import { DEFAULT_BACKEND_CONNECTIONS } from '../src/backend/backend-client.js';
import type { SimProcess } from './processes.js';

/** What a change cycle's re-read sends per user cohort: the rows' search, then the statistics calls. */
export const CYCLE_PATHS = [
  '/orders/search/filter',
  ...Object.keys(ORDER_STATISTICS_CALLS).map((name) => `/orders/search/${name}`),
];

/** The pause before each timed round: what the bench leaves between one round's statistics and the next change. */
const IDLE_BEFORE_ROUND_MS = 1500;

async function lastBody(sim: SimProcess, path: string): Promise<unknown> {
  const res = await fetch(`${sim.url}/__sim/last-body?path=${encodeURIComponent(path)}`);
  const { data } = (await res.json()) as { data: { body: unknown } };
  if (data.body === null) throw new Error(`the gateway sent nothing on ${path} this cycle`);
  return data.body;
}

/**
 * The backend's own time for one change cycle's re-reads, the floor under
 * `push_latency_with_statistics_ms`: every call the cycle sends (per user, the rows' search and the
 * statistics calls, with the bodies the gateway last sent on each path) fired at once straight at
 * backend-sim over as many connections as the gateway's pool, timed until the last answer, once per
 * round, each after the pause the bench leaves between rounds. The gateway cannot push a cohort's statistics sooner after the poll than this, whatever it does.
 */
export async function cycleBackendFloor(
  sim: SimProcess,
  backendTokens: string[],
  rounds: number,
): Promise<{ samples: number[]; calls: number }> {
  const bodies = await Promise.all(
    CYCLE_PATHS.map(async (path) => JSON.stringify(await lastBody(sim, path))),
  );
  const pool = new Pool(sim.url, { connections: DEFAULT_BACKEND_CONNECTIONS });
  const calls = backendTokens.flatMap((token) =>
    CYCLE_PATHS.map((path, i) => ({ path, body: bodies[i]!, token })),
  );
  const send = async ({ path, body, token }: (typeof calls)[number]) => {
    const res = await pool.request({
      method: 'POST',
      path,
      body,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
  };
  try {
    // One warm-up round opens the connections, as the gateway's pool already has them open.
    await Promise.all(calls.map(send));
    const samples: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // The backend idles between change cycles in the bench as well, and code that has not just run
      // is slower on this VM: each round starts after the same pause as a bench round.
      await sleep(IDLE_BEFORE_ROUND_MS);
      const started = performance.now();
      await Promise.all(calls.map(send));
      samples.push(performance.now() - started);
    }
    return { samples, calls: calls.length };
  } finally {
    await pool.close();
  }
}
