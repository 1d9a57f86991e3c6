import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACK_AT_DEFAULT_CAPS, runAbuse } from '../../bench/abuse.js';
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
  // Its latency bars (the other user's p99 < 250 ms, the poll on time) depend on the machine's speed:
  // `pnpm bench abuse` measures them. This test holds what does not: the caps, and nobody else failing.
  it("holds the caps: the session's live rows, bulk comments at the rate limit, no failed call of another user, the heap under 512 MB", async () => {
    const [attacker, victim] = sim.users;
    const result = await runAbuse(sim, gateway, attacker!.email, victim!.email, {
      ...ATTACK_AT_DEFAULT_CAPS,
      pollMs: POLL_MS,
    });
    console.log(JSON.stringify(result));
    // The attack ran: the probe's batches were refused, the largest allowed ones served.
    expect(result.http['400']).toBeGreaterThan(0);
    expect(result.http['200']).toBeGreaterThan(0);
    // 50 sockets × 2 lists of 1,000 rows: the session's budget (SESSION_MAX_LIVE_ROWS, 3,000) let 3 in.
    const { sockets, listsPerSocket } = ATTACK_AT_DEFAULT_CAPS;
    const refused = Object.values(result.ws.refused).reduce((a, b) => a + b, 0);
    expect(result.ws.started).toBeGreaterThan(0);
    expect(result.ws.started).toBeLessThanOrEqual(3);
    expect(result.ws.started + refused).toBe(sockets * listsPerSocket);
    expect(result.ws.refused.TOO_MANY_REQUESTS).toBeGreaterThan(0);
    // Bulk comments of the longest text on 100 orders: some landed, never more than the pace allows
    // (COMMENT_RATE_MAX, 300 per 10 minutes); the session's backend share slows them first.
    const { bulkOrders } = ATTACK_AT_DEFAULT_CAPS;
    expect(result.comments['200']).toBeGreaterThan(0);
    expect((result.comments['200'] ?? 0) * bulkOrders).toBeLessThanOrEqual(300);
    expect(Object.keys(result.comments).every((status) => status === '200' || status === '429')).toBe(true);
    // The other user.
    expect(result.victim.failures).toBe(0);
    expect(result.victim.samples).toBeGreaterThan(0);
    expect(result.heapMaxMb).toBeGreaterThan(0);
    expect(result.heapMaxMb).toBeLessThan(512);
    expect(result.polls.seen).toBeGreaterThan(0);
  }, 120_000);
});
