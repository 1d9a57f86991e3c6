/**
 * `pnpm bench failover`: four gateway processes with the production lease and poll period on one
 * redis-server and one backend-sim; the poll leader is SIGKILLed three times in a row. Each time a
 * change is made just before and just after the kill, and the time from the kill until both reach
 * a subscriber on a surviving replica is measured; every change must be published and delivered once.
 * Prints `failover_gap_ms` (the worst round; bar 6000 ms).
 */
import { failoverRound, startFailoverStack } from '../test/scale/failover-probe.js';
import { figure } from './stats.js';

const REPLICAS = 4;
const ROUNDS = 3;
const BAR_MS = 6000;

export async function failoverGap(): Promise<void> {
  const stack = await startFailoverStack(REPLICAS);
  try {
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await failoverRound(stack, i * 3));
    const duplicatesOrLosses = rounds
      .flatMap((r) => r.changes)
      .filter((c) => c.published !== 1 || c.delivered !== 1).length;
    figure('failover_gap_ms', Math.max(...rounds.map((r) => r.gapMs)), 'ms', {
      rounds: rounds.map((r) => r.gapMs),
      after_kill_ms: rounds.map((r) => r.afterKillMs),
      before_kill_ms: rounds.map((r) => r.beforeKillMs),
      changes: rounds.length * 3,
      not_exactly_once: duplicatesOrLosses,
      replicas: REPLICAS,
      bar: BAR_MS,
    });
  } finally {
    await stack.close();
  }
}
