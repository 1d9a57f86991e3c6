import type { Redis } from 'ioredis';
import {
  type PendingAction,
  type PendingActionStore,
  parsePendingAction,
} from '../undo/pending-action-store.js';
import type { RedisKeys } from './redis-keys.js';

/** Pending actions in one Redis hash; a take reads and deletes in one transaction, so one replica wins. */
export class RedisPendingActionStore implements PendingActionStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async put(action: PendingAction): Promise<void> {
    await this.redis.hset(this.keys.pendingActions, action.actionId, JSON.stringify(action));
  }

  async take(actionId: string): Promise<PendingAction | null> {
    const answers = await this.redis
      .multi()
      .hget(this.keys.pendingActions, actionId)
      .hdel(this.keys.pendingActions, actionId)
      .exec();
    const [read, deleted] = answers ?? [];
    if (!read || !deleted || deleted[1] !== 1 || typeof read[1] !== 'string') return null;
    return parsePendingAction(read[1]);
  }

  async all(): Promise<PendingAction[]> {
    const raw = await this.redis.hvals(this.keys.pendingActions);
    return raw.map(parsePendingAction).filter((a): a is PendingAction => a !== null);
  }
}
