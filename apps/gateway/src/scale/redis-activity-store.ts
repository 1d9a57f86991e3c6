import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityEntry } from '@waybill/contracts';
import type { Redis } from 'ioredis';
import type { RealtimeLogger } from '../realtime/types.js';
import { type ActivityQuery, idAt, idBelow, newestFirst } from '../team/activity-index.js';
import { type ActivityStore, DAY_MS, entryTime, parseEntry } from '../team/activity-store.js';
import type { RedisKeys } from './redis-keys.js';

/** Entries read per round trip from the record's own set (an unfiltered page), as before the indexes. */
const RECORD_CHUNK = 500;
/** Entries of the existing record indexed per round trip, once (indexExisting). */
const INDEX_CHUNK = 1000;

/**
 * The activity record in Redis: one sorted set of entries (JSON, scored by time), one per order for its
 * History, and a channel carrying each append to every replica's live subscribers. Filtered pages
 * read index sets, by action and by actor and action: every member scores 0 and starts with its entry
 * id, so a page is one range of ids (ZREVRANGEBYLEX), however many entries share a millisecond. Each
 * is trimmed by age and count as it is written, and read no further back than the oldest entry the
 * record still keeps.
 */
export class RedisActivityStore implements ActivityStore {
  private readonly listeners = new Set<(entries: ActivityEntry[]) => void>();
  private readonly indexed: Promise<void>;

  constructor(
    private readonly opts: {
      redis: Redis;
      subscriber: Redis;
      keys: RedisKeys;
      logger: RealtimeLogger;
      keepMs: number;
      maxEntries: number;
    },
  ) {
    opts.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== opts.keys.activityUpdates) return;
      const entries = (JSON.parse(message) as string[]).map(parseEntry).filter((e) => e !== null);
      for (const listener of this.listeners) listener(entries);
    });
    void opts.subscriber.subscribe(opts.keys.activityUpdates).catch((error: unknown) => {
      opts.logger.error({ err: (error as Error).message }, 'activity: subscribe failed');
    });
    this.indexed = this.indexExisting().catch((error: unknown) => {
      opts.logger.error({ err: (error as Error).message }, 'activity: indexing the kept record failed');
    });
  }

  /** Resolves once the entries recorded before the indexes existed are in them (tests). */
  whenIndexed(): Promise<void> {
    return this.indexed;
  }

  async append(entries: ActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const { redis, keys, keepMs, maxEntries } = this.opts;
    const multi = redis.multi();
    const lines = entries.map((e) => JSON.stringify(e));
    const touched = new Set<string>();
    entries.forEach((entry, i) => {
      const score = entryTime(entry.id);
      const line = lines[i] as string;
      multi.zadd(keys.activity, score, line);
      multi.zadd(keys.activityOfOrder(entry.orderUid), score, line);
      multi.pexpire(keys.activityOfOrder(entry.orderUid), keepMs);
      for (const key of this.indexKeysOf(entry)) {
        multi.zadd(key, 0, `${entry.id} ${line}`);
        touched.add(key);
      }
    });
    const oldest = idAt(
      entries.reduce((min, e) => Math.min(min, entryTime(e.id)), Number.POSITIVE_INFINITY) - keepMs,
    );
    for (const key of touched)
      multi
        .zremrangebylex(key, '-', `(${oldest}`)
        .zremrangebyrank(key, 0, -(maxEntries + 1))
        .pexpire(key, keepMs);
    await multi.exec();
    await redis.publish(keys.activityUpdates, JSON.stringify(lines));
  }

  async page(query: ActivityQuery): Promise<ActivityEntry[]> {
    const { redis, keys } = this.opts;
    const actions = query.actions && query.actions.length > 0 ? [...new Set(query.actions)] : null;
    if (query.userId === undefined && !actions) return this.readRecord(query);
    // An index may still hold what the record's count cap dropped: read no older than the record does.
    const [, oldest] = await redis.zrange(keys.activity, '0', '0', 'WITHSCORES');
    if (oldest === undefined) return [];
    const bounded = { ...query, fromMs: Math.max(query.fromMs, Number(oldest)) };
    const indexKeys = (actions ?? ACTIVITY_ACTIONS).map((a) =>
      query.userId === undefined ? this.actionKey(a) : this.actorKey(query.userId, a),
    );
    const pages = await Promise.all(indexKeys.map((key) => this.readIndex(key, bounded)));
    return pages.flat().sort(newestFirst).slice(0, query.limit);
  }

  async forOrder(orderUid: string, limit: number) {
    const raw = await this.opts.redis.zrevrange(this.opts.keys.activityOfOrder(orderUid), 0, limit - 1);
    return raw
      .map(parseEntry)
      .filter((e): e is ActivityEntry => e !== null)
      .sort(newestFirst);
  }

  async prune(olderThan: number, maxEntries: number): Promise<void> {
    const { redis, keys } = this.opts;
    await redis
      .multi()
      .zremrangebyscore(keys.activity, '-inf', `(${olderThan}`)
      .zremrangebyrank(keys.activity, 0, -(maxEntries + 1))
      .exec();
  }

  async addToDailyCount(actorUid: string, day: number, count: number): Promise<number> {
    const key = `${this.opts.keys.activity}-count:${day}:${actorUid}`;
    const answers = await this.opts.redis
      .multi()
      .incrby(key, count)
      .pexpire(key, 2 * DAY_MS)
      .exec();
    const after = Number(answers?.[0]?.[1] ?? count);
    return after - count;
  }

  onAppend(listener: (entries: ActivityEntry[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  /** One index's entries of the query, newest first: a single range of ids. */
  private async readIndex(key: string, query: ActivityQuery): Promise<ActivityEntry[]> {
    const below = idBelow(query);
    const raw = await this.opts.redis.zrevrangebylex(
      key,
      below === null ? '+' : `(${below}`,
      `[${idAt(query.fromMs)}`,
      'LIMIT',
      0,
      query.limit,
    );
    return raw.map((line) => parseEntry(line.slice(line.indexOf(' ') + 1))).filter((e) => e !== null);
  }

  /**
   * The record's own entries of an unfiltered query, newest first. Scores are times and one
   * millisecond's entries come back in the order of their JSON, so each chunk is sorted by id and
   * the entries of the cursor's millisecond above it are passed over.
   */
  private async readRecord(query: ActivityQuery): Promise<ActivityEntry[]> {
    const below = idBelow(query);
    const max = below === null ? '+inf' : String(entryTime(below));
    const found: ActivityEntry[] = [];
    for (let offset = 0; found.length < query.limit; offset += RECORD_CHUNK) {
      const raw = await this.opts.redis.zrevrangebyscore(
        this.opts.keys.activity,
        max,
        query.fromMs,
        'LIMIT',
        offset,
        RECORD_CHUNK,
      );
      const chunk = raw.map(parseEntry).filter((e): e is ActivityEntry => e !== null);
      chunk.sort(newestFirst);
      for (const entry of chunk) if (below === null || entry.id < below) found.push(entry);
      if (raw.length < RECORD_CHUNK) break;
    }
    return found.slice(0, query.limit);
  }

  private actionKey(action: ActivityAction): string {
    return `${this.opts.keys.activity}-action:${action}`;
  }

  private actorKey(actorUid: string, action: ActivityAction): string {
    return `${this.opts.keys.activity}-actor:${action}:${actorUid}`;
  }

  private indexKeysOf(entry: ActivityEntry): string[] {
    return [this.actionKey(entry.action), this.actorKey(entry.actor.uid, entry.action)];
  }

  /**
   * Puts the entries recorded before the indexes existed in them, once per Redis (the first replica
   * to start does it; adding an entry twice is harmless).
   */
  private async indexExisting(): Promise<void> {
    const { redis, keys, keepMs } = this.opts;
    const marker = `${keys.activity}-indexed`;
    if ((await redis.set(marker, '1', 'NX')) !== 'OK') return;
    try {
      for (let start = 0; ; start += INDEX_CHUNK) {
        const lines = await redis.zrange(keys.activity, String(start), String(start + INDEX_CHUNK - 1));
        const multi = redis.multi();
        for (const line of lines) {
          const entry = parseEntry(line);
          if (!entry) continue;
          for (const key of this.indexKeysOf(entry))
            multi.zadd(key, 0, `${entry.id} ${line}`).pexpire(key, keepMs);
        }
        await multi.exec();
        if (lines.length < INDEX_CHUNK) return;
      }
    } catch (error) {
      // Another start tries again.
      await redis.del(marker).catch(() => {});
      throw error;
    }
  }
}
