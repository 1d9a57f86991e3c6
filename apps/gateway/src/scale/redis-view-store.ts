import type { Redis } from 'ioredis';
import type { RealtimeLogger } from '../realtime/types.js';
import {
  limitMessage,
  type StoredView,
  safeJson,
  sorted,
  storedViewSchema,
  ViewLimitError,
  type ViewStore,
  viewStoreKey,
} from '../views/view-store.js';
import type { RedisKeys } from './redis-keys.js';

// Adds or replaces a view only under the owner's cap (atomic: two tabs cannot both take the last place).
const PUT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[4] == '1' then redis.call('SADD', KEYS[2], ARGV[5]) else redis.call('SREM', KEYS[2], ARGV[5]) end
return 1`;

/** Saved views in Redis: a hash per owner, a set naming the shared ones, a channel for changes. */
export class RedisViewStore implements ViewStore {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly redis: Redis,
    subscriber: Redis,
    private readonly keys: RedisKeys,
    private readonly logger: RealtimeLogger,
  ) {
    subscriber.on('message', (channel: string) => {
      if (channel !== keys.viewUpdates) return;
      for (const listener of this.listeners) listener();
    });
    subscriber.subscribe(keys.viewUpdates).catch((error: unknown) => {
      logger.error({ err: (error as Error).message }, 'views: subscribe failed');
    });
  }

  async ofOwner(ownerUid: string): Promise<StoredView[]> {
    return sorted(this.parse(Object.values(await this.redis.hgetall(this.keys.viewsOf(ownerUid)))));
  }

  async shared(): Promise<StoredView[]> {
    const members = await this.redis.smembers(this.keys.viewsShared);
    if (members.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const member of members) {
      const cut = member.lastIndexOf('/');
      pipeline.hget(this.keys.viewsOf(member.slice(0, cut)), member.slice(cut + 1));
    }
    const answers = (await pipeline.exec()) ?? [];
    const raws = answers.map(([, value]) => value).filter((v): v is string => typeof v === 'string');
    return sorted(this.parse(raws).filter((v) => v.shared));
  }

  async put(view: StoredView, maxPerOwner: number): Promise<void> {
    const done = await this.redis.eval(
      PUT,
      2,
      this.keys.viewsOf(view.ownerUid),
      this.keys.viewsShared,
      view.id,
      JSON.stringify(view),
      String(maxPerOwner),
      view.shared ? '1' : '0',
      viewStoreKey(view.ownerUid, view.id),
    );
    if (done !== 1) throw new ViewLimitError(limitMessage(maxPerOwner));
    await this.redis.publish(this.keys.viewUpdates, view.ownerUid);
  }

  async remove(ownerUid: string, id: string): Promise<boolean> {
    const [[, removed] = []] =
      (await this.redis
        .multi()
        .hdel(this.keys.viewsOf(ownerUid), id)
        .srem(this.keys.viewsShared, viewStoreKey(ownerUid, id))
        .exec()) ?? [];
    if (removed !== 1) return false;
    await this.redis.publish(this.keys.viewUpdates, ownerUid);
    return true;
  }

  onUpdate(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  private parse(raws: string[]): StoredView[] {
    const views: StoredView[] = [];
    for (const raw of raws) {
      const parsed = storedViewSchema.safeParse(safeJson(raw));
      if (parsed.success) views.push(parsed.data);
      else this.logger.warn({}, 'views: skipped an unreadable saved view');
    }
    return views;
  }
}
