import type { ChangeWhat } from '@waybill/contracts';
import type { Redis } from 'ioredis';

/** The last write made through the gateway to one order or inbound: who, what, when. */
export interface OwnWriteRecord {
  uid: string;
  /** The user's display name, null when users.me could not say. */
  by: string | null;
  /** The user's uid: a conflict with one's own last write is none. */
  byUid?: string | null;
  what: ChangeWhat;
  /** When the write's answer arrived (ms epoch). */
  at: number;
  /** The entity's updated_at after the write. */
  updatedAt: string;
}

/**
 * Recent own writes per entity, for the conflict warning's "Changed by {name}": the backend's order
 * says when and what, not who. In memory on one replica, in Redis with REDIS_URL.
 */
export interface OwnWriteStore {
  put(record: OwnWriteRecord): Promise<void>;
  get(uid: string): Promise<OwnWriteRecord | null>;
}

/** How long a write is remembered: longer than a modal stays open in practice. */
export const OWN_WRITE_TTL_MS = 60 * 60_000;

export class MemoryOwnWriteStore implements OwnWriteStore {
  private readonly records = new Map<string, OwnWriteRecord>();

  constructor(
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async put(record: OwnWriteRecord): Promise<void> {
    // Re-inserting keeps the Map in write order, so the oldest is first to go.
    this.records.delete(record.uid);
    this.records.set(record.uid, record);
    while (this.records.size > this.capacity) {
      const oldest = this.records.keys().next().value;
      if (oldest === undefined) break;
      this.records.delete(oldest);
    }
  }

  async get(uid: string): Promise<OwnWriteRecord | null> {
    const record = this.records.get(uid);
    return record && this.now() - record.at < OWN_WRITE_TTL_MS ? record : null;
  }
}

export class RedisOwnWriteStore implements OwnWriteStore {
  constructor(
    private readonly redis: Redis,
    private readonly key: (uid: string) => string,
  ) {}

  async put(record: OwnWriteRecord): Promise<void> {
    await this.redis.set(this.key(record.uid), JSON.stringify(record), 'PX', OWN_WRITE_TTL_MS);
  }

  async get(uid: string): Promise<OwnWriteRecord | null> {
    const raw = await this.redis.get(this.key(uid));
    if (!raw) return null;
    try {
      const record = JSON.parse(raw) as OwnWriteRecord;
      return typeof record.at === 'number' && typeof record.updatedAt === 'string' ? record : null;
    } catch {
      return null;
    }
  }
}
