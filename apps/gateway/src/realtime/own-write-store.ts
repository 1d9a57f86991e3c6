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
 * Recent own writes per entity, for the conflict warning's "Changed by {name}" and for leaving a
 * writer out of their own notifications: the backend's order says when and what, not who. In memory
 * on one replica, in Redis with REDIS_URL.
 */
export interface OwnWriteStore {
  put(record: OwnWriteRecord): Promise<void>;
  /** The newest write to the entity. */
  get(uid: string): Promise<OwnWriteRecord | null>;
  /**
   * The write that left the entity at `updatedAt`, even once a later write replaced it as the newest:
   * the notifier asks after the fact, and two people may write one order a moment apart.
   */
  getAt(uid: string, updatedAt: string): Promise<OwnWriteRecord | null>;
}

/** How long a write is remembered: longer than a modal stays open in practice. */
export const OWN_WRITE_TTL_MS = 60 * 60_000;

/** One version of an entity: its uid and updated_at (the same instant written two ways is one key). */
const versionKey = (uid: string, updatedAt: string) => `${uid}@${Date.parse(updatedAt)}`;

export class MemoryOwnWriteStore implements OwnWriteStore {
  private readonly newest = new Map<string, OwnWriteRecord>();
  private readonly versions = new Map<string, OwnWriteRecord>();

  constructor(
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async put(record: OwnWriteRecord): Promise<void> {
    this.remember(this.newest, record.uid, record);
    this.remember(this.versions, versionKey(record.uid, record.updatedAt), record);
  }

  async get(uid: string): Promise<OwnWriteRecord | null> {
    return this.fresh(this.newest.get(uid));
  }

  async getAt(uid: string, updatedAt: string): Promise<OwnWriteRecord | null> {
    return this.fresh(this.versions.get(versionKey(uid, updatedAt)));
  }

  private fresh(record: OwnWriteRecord | undefined): OwnWriteRecord | null {
    return record && this.now() - record.at < OWN_WRITE_TTL_MS ? record : null;
  }

  private remember(records: Map<string, OwnWriteRecord>, key: string, record: OwnWriteRecord): void {
    // Re-inserting keeps the Map in write order, so the oldest is first to go.
    records.delete(key);
    records.set(key, record);
    while (records.size > this.capacity) {
      const oldest = records.keys().next().value;
      if (oldest === undefined) break;
      records.delete(oldest);
    }
  }
}

export class RedisOwnWriteStore implements OwnWriteStore {
  constructor(
    private readonly redis: Redis,
    private readonly key: (uid: string) => string,
  ) {}

  async put(record: OwnWriteRecord): Promise<void> {
    const json = JSON.stringify(record);
    await this.redis
      .multi()
      .set(this.key(record.uid), json, 'PX', OWN_WRITE_TTL_MS)
      .set(this.key(versionKey(record.uid, record.updatedAt)), json, 'PX', OWN_WRITE_TTL_MS)
      .exec();
  }

  async get(uid: string): Promise<OwnWriteRecord | null> {
    return parseRecord(await this.redis.get(this.key(uid)));
  }

  async getAt(uid: string, updatedAt: string): Promise<OwnWriteRecord | null> {
    return parseRecord(await this.redis.get(this.key(versionKey(uid, updatedAt))));
  }
}

/** A stored record, or null for none or one that does not read as a record. */
function parseRecord(raw: string | null): OwnWriteRecord | null {
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as OwnWriteRecord;
    return typeof record.at === 'number' && typeof record.updatedAt === 'string' ? record : null;
  } catch {
    return null;
  }
}
