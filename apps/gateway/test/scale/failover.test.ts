import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FailoverStack, failoverRound, startFailoverStack } from './failover-probe.js';
import { STACK_START_MS } from './replicas.js';

/** The bar: the first change after a poll leader dies reaches subscribers within this. */
const FAILOVER_BAR_MS = 6000;

describe('poll-leader failover with the default lease and poll period', { timeout: 120_000 }, () => {
  let stack: FailoverStack;

  beforeAll(async () => {
    // Production defaults: no POLL_LEASE_MS or CHANGE_POLL_MS override.
    stack = await startFailoverStack(3);
  }, STACK_START_MS);

  afterAll(async () => {
    await stack?.close();
  });

  it('delivers the changes around a SIGKILLed leader within 6 s, each exactly once, twice in a row', async () => {
    for (const round of [0, 1]) {
      const result = await failoverRound(stack, round * 3);
      const context = JSON.stringify(result);
      expect(result.gapMs, context).toBeLessThan(FAILOVER_BAR_MS);
      for (const change of result.changes) {
        expect(change.published, `published ${change.uid}@${change.updatedAt}: ${context}`).toBe(1);
        expect(change.delivered, `delivered ${change.uid}@${change.updatedAt}: ${context}`).toBe(1);
      }
    }
  });
});
