import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisPollLease, redisKeys } from '../../src/scale/index.js';
import { type RedisServer, startRedis } from './redis-server.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

describe('the poll cursor recovery round on a real redis-server', () => {
  let server: RedisServer;

  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('leaves a cursor that is there alone; a lost one opens a round in which the lowest offer is kept', async () => {
    const keys = redisKeys('recovery:');
    const redis = server.connect({ maxRetriesPerRequest: 1 });
    const lease = new RedisPollLease({ redis, keys, logger: silent, ttlMs: 600, replicaId: 'a' });
    try {
      expect(await lease.holds()).toBe(true);
      await lease.writeCursor(5000);
      // A cursor that is there is the truth: an older one offered by a replica does not replace it.
      expect(await lease.recoverCursor(1000, true)).toEqual({ cursor: 5000, roundMs: 0 });

      await redis.del(keys.cursor);
      // A follower finding the cursor lost opens no round: only a replica taking the lease does.
      expect(await lease.recoverCursor(4500, false)).toEqual({ cursor: null, roundMs: 0 });
      const opened = await lease.recoverCursor(4000, true);
      expect(opened.cursor).toBe(4000);
      expect(opened.roundMs).toBe(lease.recoveryRoundMs);
      // Later offers in the round: the lowest wins, a higher one changes nothing, none leaves it as it is.
      expect((await lease.recoverCursor(3000, false)).cursor).toBe(3000);
      expect((await lease.recoverCursor(3500, false)).cursor).toBe(3000);
      const none = await lease.recoverCursor(null, false);
      expect(none.cursor).toBe(3000);
      expect(none.roundMs).toBeGreaterThan(0);

      // Once the round is over, offers are ignored again.
      const end = Date.now() + 30_000;
      while ((await redis.exists(keys.cursorRecovery)) === 1 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      expect(await lease.recoverCursor(10, false)).toEqual({ cursor: 3000, roundMs: 0 });

      // With no cursor anywhere and nothing to offer, a round still opens (a new leader waits it out).
      await redis.del(keys.cursor);
      const empty = await lease.recoverCursor(null, true);
      expect(empty.cursor).toBeNull();
      expect(empty.roundMs).toBeGreaterThan(0);
    } finally {
      await lease.release();
    }
  });
});
