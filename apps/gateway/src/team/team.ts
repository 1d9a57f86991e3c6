import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { ChangeEventLog } from '../realtime/change-events.js';
import type { RealtimeLogger } from '../realtime/types.js';
import { RedisActivityStore } from '../scale/redis-activity-store.js';
import { createRedisConnection, redisTarget } from '../scale/redis-connection.js';
import { RedisHoldStore } from '../scale/redis-hold-store.js';
import { redisKeys } from '../scale/redis-keys.js';
import type { DataStore } from '../storage/data-store.js';
import { Activity } from './activity.js';
import { MemoryActivityStore } from './activity-store.js';
import { MemoryHoldStore } from './hold-store.js';
import { Holds } from './holds.js';

export interface TeamOptions {
  config: Pick<
    Config,
    | 'REDIS_URL'
    | 'REDIS_SENTINELS'
    | 'REDIS_MASTER_NAME'
    | 'REDIS_SENTINEL_PASSWORD'
    | 'REDIS_PASSWORD'
    | 'REDIS_KEY_PREFIX'
    | 'HOLD_IDLE_MS'
    | 'ACTIVITY_KEEP_DAYS'
    | 'ACTIVITY_MAX_ENTRIES'
  >;
  /** The embedded store of a single replica (null with Redis). */
  dataStore: DataStore | null;
  events: ChangeEventLog;
  logger: RealtimeLogger;
}

/**
 * The team's shared queue: holds and the activity record. On one replica in process, written through
 * to the embedded store; with Redis (two connections of their own) shared by every replica.
 */
export async function createTeam(opts: TeamOptions) {
  const { config } = opts;
  const target = redisTarget(config);
  const connections: Redis[] = [];
  let holdStore: MemoryHoldStore | RedisHoldStore;
  let activityStore: MemoryActivityStore | RedisActivityStore;
  if (target) {
    const connect = (role: string) => {
      const client = createRedisConnection({ ...target, role, logger: opts.logger });
      connections.push(client);
      return client;
    };
    const redis = connect('team');
    const subscriber = connect('team-subscriber');
    const keys = redisKeys(config.REDIS_KEY_PREFIX);
    holdStore = new RedisHoldStore({ redis, subscriber, keys, logger: opts.logger });
    activityStore = new RedisActivityStore({
      redis,
      subscriber,
      keys,
      logger: opts.logger,
      keepMs: config.ACTIVITY_KEEP_DAYS * 86_400_000,
      maxEntries: config.ACTIVITY_MAX_ENTRIES,
    });
  } else {
    holdStore = await MemoryHoldStore.open(opts.dataStore?.section('holds') ?? null);
    activityStore = await MemoryActivityStore.open(opts.dataStore?.section('activity') ?? null);
  }
  const holds = new Holds({
    store: holdStore,
    idleMs: config.HOLD_IDLE_MS,
    events: opts.events,
    logger: opts.logger,
  });
  const activity = new Activity({
    store: activityStore,
    keepDays: config.ACTIVITY_KEEP_DAYS,
    maxEntries: config.ACTIVITY_MAX_ENTRIES,
    logger: opts.logger,
  });
  return {
    holds,
    activity,
    start(): void {
      holds.start();
      activity.start();
    },
    async close(): Promise<void> {
      await holds.close();
      await activity.close();
      for (const c of connections) await c.quit().catch(() => c.disconnect());
    },
  };
}
export type Team = Awaited<ReturnType<typeof createTeam>>;
