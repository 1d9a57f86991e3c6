import {
  type AppNotification,
  NOTIFICATIONS_KEPT,
  type NotificationInput,
  notificationSchema,
  type Team,
} from '@waybill/contracts';
import type { Redis } from 'ioredis';
import type { RealtimeLogger } from '../realtime/types.js';
import { parseKept } from '../storage/parse-kept.js';
import {
  type Fold,
  FollowLimitError,
  foldTarget,
  type NotificationStore,
  type OrderSeen,
  stateOf,
} from './notification-store.js';

/** A notification as kept in Redis: its read mark is kept apart. */
const keptNotificationSchema = notificationSchema.omit({ read: true });

/** A centre nobody opens for this long is dropped. */
const KEEP_MS = 90 * 86_400_000;

export const notificationKeys = (prefix = 'waybill:') => ({
  follows: (userUid: string) => `${prefix}follows:${userUid}`,
  followers: (orderUid: string) => `${prefix}followers:${orderUid}`,
  seen: (orderUid: string) => `${prefix}order-seen:${orderUid}`,
  team: (team: Team) => `${prefix}team:${team}`,
  centre: (userUid: string) => `${prefix}notifications:${userUid}`,
  read: (userUid: string) => `${prefix}notifications-read:${userUid}`,
  claim: (key: string) => `${prefix}notify-claim:${key}`,
  updates: `${prefix}notification-updates`,
});
type Keys = ReturnType<typeof notificationKeys>;

// Adds a follow only under the cap (atomic: two tabs cannot both take the last place).
const FOLLOW = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 and redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return redis.call('SCARD', KEYS[1])
end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[2], ARGV[2])
return -1`;

export class RedisNotificationStore implements NotificationStore {
  private readonly listeners = new Set<(userUid: string) => void>();
  private readonly ready: Promise<unknown>;

  constructor(
    private readonly opts: { redis: Redis; subscriber: Redis; keys: Keys; logger: RealtimeLogger },
  ) {
    opts.subscriber.on('message', (channel: string, userUid: string) => {
      if (channel !== opts.keys.updates) return;
      for (const listener of this.listeners) listener(userUid);
    });
    this.ready = opts.subscriber.subscribe(opts.keys.updates).catch((error: unknown) => {
      opts.logger.error({ err: (error as Error).message }, 'notifications: subscribe failed');
    });
  }

  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async follow(userUid: string, orderUid: string, on: boolean, maxFollows: number): Promise<void> {
    const { redis, keys } = this.opts;
    if (!on) {
      const answers = await redis
        .multi()
        .srem(keys.follows(userUid), orderUid)
        .srem(keys.followers(orderUid), userUid)
        .exec();
      // Unfollowing what was not followed changed nothing: nothing more to read or drop.
      if (answers?.[0]?.[1] === 0) return;
      if ((await redis.scard(keys.followers(orderUid))) === 0) await redis.del(keys.seen(orderUid));
      return;
    }
    const held = (await redis.eval(
      FOLLOW,
      2,
      keys.follows(userUid),
      keys.followers(orderUid),
      orderUid,
      userUid,
      String(maxFollows),
    )) as number;
    if (held >= 0)
      throw new FollowLimitError(
        `You follow ${held} orders already (at most ${maxFollows}): unfollow one first`,
      );
  }

  async isFollowing(userUid: string, orderUid: string): Promise<boolean> {
    return (await this.opts.redis.sismember(this.opts.keys.follows(userUid), orderUid)) === 1;
  }

  followersOf(orderUid: string): Promise<string[]> {
    return this.opts.redis.smembers(this.opts.keys.followers(orderUid));
  }

  async seen(orderUid: string): Promise<OrderSeen | null> {
    const raw = await this.opts.redis.get(this.opts.keys.seen(orderUid));
    if (!raw) return null;
    try {
      const seen = JSON.parse(raw) as OrderSeen;
      return typeof seen.status === 'string' && typeof seen.comments === 'number' ? seen : null;
    } catch {
      return null;
    }
  }

  async setSeen(orderUid: string, seen: OrderSeen): Promise<void> {
    await this.opts.redis.set(this.opts.keys.seen(orderUid), JSON.stringify(seen), 'PX', KEEP_MS);
  }

  async joinTeam(userUid: string, team: Team): Promise<void> {
    const { redis, keys } = this.opts;
    const other: Team = team === 'development' ? 'non-technical' : 'development';
    await redis.multi().srem(keys.team(other), userUid).sadd(keys.team(team), userUid).exec();
  }

  teamMembers(team: Team): Promise<string[]> {
    return this.opts.redis.smembers(this.opts.keys.team(team));
  }

  async push(userUid: string, item: NotificationInput, fold?: Fold): Promise<void> {
    const { redis, keys } = this.opts;
    const centre = keys.centre(userUid);
    const folded = fold ? await this.folded(userUid, fold) : null;
    const multi = redis.multi();
    // The one folded into leaves its place and comes back at the top, under its id (still unread).
    if (folded) multi.lrem(centre, 1, folded.raw);
    const answers = await multi
      .lpush(centre, JSON.stringify(folded?.item ?? item))
      .lrange(centre, NOTIFICATIONS_KEPT, -1)
      .ltrim(centre, 0, NOTIFICATIONS_KEPT - 1)
      .pexpire(centre, KEEP_MS)
      .exec();
    // The read marks of notifications that fell off the end go with them.
    const dropped = ((answers?.[folded ? 2 : 1]?.[1] as string[] | undefined) ?? []).map(
      (raw) => this.parse(raw)?.id,
    );
    const ids = dropped.filter((id): id is string => Boolean(id));
    if (ids.length > 0) await redis.srem(keys.read(userUid), ...ids);
    await redis.publish(keys.updates, userUid);
  }

  /** The notification `fold` takes in the user's centre, as kept (to remove it) and as it becomes. */
  private async folded(
    userUid: string,
    fold: Fold,
  ): Promise<{ raw: string; item: NotificationInput } | null> {
    const { redis, keys } = this.opts;
    const [raw, read] = await Promise.all([
      redis.lrange(keys.centre(userUid), 0, NOTIFICATIONS_KEPT - 1),
      redis.smembers(keys.read(userUid)),
    ]);
    const readIds = new Set(read);
    const kept = raw.map((line) => {
      const item = this.parse(line);
      return item ? { line, item: { ...item, read: readIds.has(item.id) } } : null;
    });
    const items = kept.filter((k) => k !== null);
    const target = foldTarget(
      items.map((k) => k.item),
      fold,
    );
    return target ? { raw: items[target.index]!.line, item: target.item } : null;
  }

  async state(userUid: string) {
    const { redis, keys } = this.opts;
    const [raw, read] = await Promise.all([
      redis.lrange(keys.centre(userUid), 0, NOTIFICATIONS_KEPT - 1),
      redis.smembers(keys.read(userUid)),
    ]);
    const readIds = new Set(read);
    const items: AppNotification[] = [];
    for (const line of raw) {
      const item = this.parse(line);
      if (item) items.push({ ...item, read: readIds.has(item.id) });
    }
    return stateOf(items);
  }

  async markRead(userUid: string, ids: string[] | 'all'): Promise<void> {
    const { redis, keys } = this.opts;
    // Only notifications held and not read yet: marking read ones again writes and tells nothing.
    const unread = (await this.state(userUid)).items.filter((i) => !i.read).map((i) => i.id);
    const wanted = ids === 'all' ? unread : ids.filter((id) => unread.includes(id));
    if (wanted.length === 0) return;
    await redis
      .multi()
      .sadd(keys.read(userUid), ...wanted)
      .pexpire(keys.read(userUid), KEEP_MS)
      .exec();
    await redis.publish(keys.updates, userUid);
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.opts.redis.set(this.opts.keys.claim(key), '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  onUpdate(listener: (userUid: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  private parse(raw: string): Omit<AppNotification, 'read'> | null {
    return parseKept(keptNotificationSchema, raw);
  }
}
