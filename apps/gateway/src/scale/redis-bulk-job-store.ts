import { bulkJobSchema } from '@waybill/contracts';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { BulkJobStore, StoredBulkJob } from '../bulk/bulk-job-store.js';
import type { RealtimeLogger } from '../realtime/types.js';
import type { RedisKeys } from './redis-keys.js';

const storedSchema = z.object({
  job: bulkJobSchema,
  ownerUid: z.string(),
  uids: z.array(z.string()),
  runner: z.string(),
  savedAt: z.number(),
});

/** Bulk jobs in Redis: one JSON string per job, each user's jobs in a sorted set by start time. */
export class RedisBulkJobStore implements BulkJobStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly logger: RealtimeLogger,
  ) {}

  async put(record: StoredBulkJob, keepMs: number): Promise<void> {
    await this.redis.set(this.keys.bulkJob(record.job.jobId), JSON.stringify(record), 'PX', keepMs);
  }

  async get(jobId: string): Promise<StoredBulkJob | null> {
    const raw = await this.redis.get(this.keys.bulkJob(jobId));
    if (!raw) return null;
    try {
      return storedSchema.parse(JSON.parse(raw));
    } catch {
      this.logger.warn({ jobId }, 'bulk jobs: skipped an unreadable job');
      return null;
    }
  }

  async addToUser(ownerUid: string, jobId: string, keepMs: number, limit: number): Promise<void> {
    const key = this.keys.bulkJobsOfUser(ownerUid);
    const now = Date.now();
    await this.redis
      .multi()
      .zadd(key, now, jobId)
      .zremrangebyscore(key, '-inf', now - keepMs)
      .zremrangebyrank(key, 0, -(limit + 1))
      .pexpire(key, keepMs)
      .exec();
  }

  async jobsOf(ownerUid: string, limit: number): Promise<string[]> {
    return this.redis.zrevrange(this.keys.bulkJobsOfUser(ownerUid), 0, limit - 1);
  }
}
