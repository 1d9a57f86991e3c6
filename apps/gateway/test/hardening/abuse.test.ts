import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAbuse } from '../../bench/abuse.js';
import {
  type RunningProcess,
  type SimProcess,
  startGatewayProcess,
  startSimProcess,
} from '../../bench/processes.js';

/**
 * The sim and the gateway run in their own processes, as in production: the other user's
 * latencies are the gateway's, not this test process's own work.
 */
let sim: SimProcess;
let gateway: RunningProcess;
const POLL_MS = 2000;

beforeAll(async () => {
  sim = await startSimProcess();
  // The default limits (the attacker asks for all LIST_MAX_LOADED_ROWS and BATCH_MAX_ROWS allow);
  // only the poll runs faster, so its interval is judged over more polls.
  gateway = await startGatewayProcess({ BACKEND_URL: sim.url, CHANGE_POLL_MS: String(POLL_MS) });
}, 120_000);

afterAll(async () => {
  await gateway?.stop();
  await sim?.stop();
});

describe('one signed-in user abusing the gateway', () => {
  it("keeps another user's calls under 250 ms at p99, the heap under 512 MB, and the change poll on time", async () => {
    const [attacker, victim] = sim.users;
    const result = await runAbuse(sim, gateway, attacker!.email, victim!.email, {
      seconds: 20,
      httpLoops: 4,
      subscriptions: 60,
      pollMs: POLL_MS,
      maxLoadedRows: 1000,
      batchRows: 1000,
    });
    console.log(JSON.stringify(result));
    // The attack ran: the probe's batches were refused, the largest allowed ones served.
    expect(result.http['400']).toBeGreaterThan(0);
    expect(result.http['200']).toBeGreaterThan(0);
    const refused = Object.values(result.ws.refused).reduce((a, b) => a + b, 0);
    expect(result.ws.started).toBeGreaterThan(0);
    expect(result.ws.started + refused).toBe(60);
    expect(result.ws.refused.TOO_MANY_REQUESTS).toBeGreaterThan(0);
    // The other user.
    expect(result.victim.failures).toBe(0);
    expect(result.victim.samples).toBeGreaterThan(50);
    expect(result.victim.p99).toBeLessThan(250);
    expect(result.heapMaxMb).toBeGreaterThan(0);
    expect(result.heapMaxMb).toBeLessThan(512);
    expect(result.polls.seen).toBeGreaterThanOrEqual(result.polls.expected - 1);
    expect(result.polls.seen).toBeLessThanOrEqual(result.polls.expected + 1);
  }, 120_000);
});
