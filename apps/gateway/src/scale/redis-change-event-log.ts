import type { Order } from '@waybill/contracts';
import type { Redis } from 'ioredis';
import {
  type ChangedInbound,
  type ChangeEvent,
  type ChangeEventLog,
  type ChangeSource,
  type OwnWriteChange,
  PUBLISHED_TTL_MS,
} from '../realtime/change-events.js';
import type { RealtimeLogger } from '../realtime/types.js';
import type { RedisKeys } from './redis-keys.js';
import { compareStreamIds, isStreamId } from './stream-id.js';

// One atomic step for the poll's appends and own writes alike:
// - the poll's appends run only while it still holds the lease (fencing; own writes pass no fence);
// - orders whose `uid@updated_at` was already published are dropped (own-write dedupe rule), so the
//   poll never pushes again what a write on any replica pushed, nor a write what the poll pushed;
// - then XADD with approximate trimming. Answers {id, kept indexes...}, id '' when nothing was left.
// KEYS: lease, stream, published:{uid}...  ARGV: fence, maxlen, ttl, polledAt, source, inbounds
// json ('' for none), then updated_at and order json for each order.
const PUBLISH = `
if ARGV[1] ~= '' and redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local kept, keptIndex = {}, {}
for i = 3, #KEYS do
  local updated = ARGV[7 + (i - 3) * 2]
  if redis.call('GET', KEYS[i]) ~= updated then
    redis.call('SET', KEYS[i], updated, 'PX', ARGV[3])
    kept[#kept + 1] = ARGV[8 + (i - 3) * 2]
    keptIndex[#keptIndex + 1] = i - 3
  end
end
if #kept == 0 and ARGV[6] == '' and #KEYS > 2 then return {''} end
local body = '{"orders":[' .. table.concat(kept, ',') .. '],"polledAt":' .. ARGV[4] .. ',"source":"' .. ARGV[5] .. '"'
if ARGV[6] ~= '' then body = body .. ',"inbounds":' .. ARGV[6] end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', 'e', body .. '}')
local answer = {id}
for _, index in ipairs(keptIndex) do answer[#answer + 1] = index end
return answer`;

type StreamEntry = [id: string, fields: string[]];

export interface RedisChangeEventLogOptions {
  redis: Redis;
  /** A connection of its own: XREAD BLOCK holds it. */
  reader: Redis;
  keys: RedisKeys;
  logger: RealtimeLogger;
  /** Events kept (approximately) for `since`. */
  capacity?: number;
  /** The lease's current fencing token; appends without it are refused. */
  fence?: () => string | null;
  /** How long one read waits for new events (at most CHANGE_READ_BLOCK_MS: the reader's timeout allows that). */
  blockMs?: number;
}

/** How long the reader's XREAD waits for new events before it asks again. */
export const CHANGE_READ_BLOCK_MS = 5000;

function decode([id, fields]: StreamEntry): ChangeEvent | null {
  const raw = fields[fields.indexOf('e') + 1];
  if (raw === undefined) return null;
  try {
    const body = JSON.parse(raw) as {
      orders?: unknown;
      polledAt?: unknown;
      source?: unknown;
      inbounds?: unknown;
    };
    if (!Array.isArray(body.orders) || typeof body.polledAt !== 'number') return null;
    return {
      id,
      orders: body.orders as Order[],
      polledAt: body.polledAt,
      source: body.source === 'write' ? 'write' : 'poll',
      ...(Array.isArray(body.inbounds) ? { inbounds: body.inbounds as ChangedInbound[] } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Change events on a Redis Stream: the leader XADDs, every replica XREADs and fans out to its own
 * cohorts (the leader too, so one path delivers everywhere). Event ids are stream ids.
 */
export class RedisChangeEventLog implements ChangeEventLog {
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  private lastId: string | null = null;
  private closed = false;
  private readonly loop: Promise<void>;
  private readonly capacity: number;

  constructor(private readonly opts: RedisChangeEventLogOptions) {
    this.capacity = opts.capacity ?? 1000;
    this.loop = this.readLoop();
  }

  async append(orders: Order[], polledAt: number): Promise<ChangeEvent> {
    const fence = this.opts.fence ? this.opts.fence() : '';
    if (fence === null) throw new Error('not the change-poll leader; event not published');
    const event = await this.publish(fence, 'poll', orders, [], polledAt);
    if (!event) throw new Error('lost the change-poll lease; event not published');
    return event;
  }

  async appendWrite(change: OwnWriteChange): Promise<ChangeEvent | null> {
    if (change.orders.length === 0 && change.inbounds.length === 0) return null;
    const event = await this.publish('', 'write', change.orders, change.inbounds, change.at);
    return event && event.id !== '' ? event : null;
  }

  /** Null when the fence refused; an event with id '' when every order was already published. */
  private async publish(
    fence: string,
    source: ChangeSource,
    orders: Order[],
    inbounds: ChangedInbound[],
    polledAt: number,
  ): Promise<ChangeEvent | null> {
    const { keys } = this.opts;
    const answer = (await this.opts.redis.eval(
      PUBLISH,
      2 + orders.length,
      keys.lease,
      keys.changes,
      ...orders.map((o) => keys.published(o.uid)),
      fence,
      String(this.capacity),
      String(PUBLISHED_TTL_MS),
      String(polledAt),
      source,
      inbounds.length > 0 ? JSON.stringify(inbounds) : '',
      ...orders.flatMap((o) => [o.updated_at, JSON.stringify(o)]),
    )) as [string, ...number[]] | null;
    if (!answer) return null;
    const [id, ...kept] = answer;
    if (id === '') {
      // Nothing new: the poll's answer carries the latest id and no orders (nothing stored).
      return { id: source === 'poll' ? (this.lastId ?? '0-0') : '', orders: [], polledAt, source };
    }
    return {
      id,
      orders: kept.map((i) => orders[i] as Order),
      polledAt,
      source,
      ...(inbounds.length > 0 ? { inbounds } : {}),
    };
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async since(lastId: string): Promise<ChangeEvent[] | null> {
    if (!isStreamId(lastId)) return null;
    // Inclusive from lastId: when lastId itself is still there, nothing after it was trimmed.
    const entries = (await this.opts.redis.xrange(
      this.opts.keys.changes,
      lastId,
      '+',
      'COUNT',
      this.capacity * 2 + 1,
    )) as StreamEntry[];
    const first = entries[0];
    if (!first || compareStreamIds(first[0], lastId) !== 0) return null;
    return entries
      .slice(1)
      .map(decode)
      .filter((e): e is ChangeEvent => e !== null);
  }

  latestId(): string | null {
    return this.lastId;
  }

  private async readLoop(): Promise<void> {
    const { reader, keys, logger } = this.opts;
    // Start after whatever is already there: history is for `since`, not for fan-out.
    let cursor = '$';
    try {
      const [latest] = (await reader.xrevrange(keys.changes, '+', '-', 'COUNT', 1)) as StreamEntry[];
      if (latest) {
        cursor = latest[0];
        this.lastId = latest[0];
      } else {
        // An empty stream: read from its beginning, so nothing appended meanwhile is missed.
        cursor = '0-0';
      }
    } catch (error) {
      if (this.closed) return;
      logger.warn({ err: (error as Error).message }, 'change stream: could not read the latest id');
    }
    while (!this.closed) {
      try {
        const answer = (await reader.xread(
          'COUNT',
          100,
          'BLOCK',
          this.opts.blockMs ?? CHANGE_READ_BLOCK_MS,
          'STREAMS',
          keys.changes,
          cursor,
        )) as [string, StreamEntry[]][] | null;
        for (const [, entries] of answer ?? []) {
          for (const entry of entries) {
            cursor = entry[0];
            this.lastId = entry[0];
            const event = decode(entry);
            if (!event) {
              logger.warn({ id: entry[0] }, 'change stream: skipped an unreadable event');
              continue;
            }
            for (const listener of this.listeners) listener(event);
          }
        }
      } catch (error) {
        if (this.closed) return;
        logger.warn({ err: (error as Error).message }, 'change stream read failed; retrying');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    // Unblocks the pending XREAD. With Redis unreachable that read may never settle: shutdown does not
    // wait for it longer than a second.
    this.opts.reader.disconnect();
    await Promise.race([this.loop, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
}
