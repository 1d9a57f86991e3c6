import type { Redis } from 'ioredis';
import {
  EXPORT_LIST_LIMIT,
  type ExportJobRecord,
  type ExportJobState,
  type ExportJobStore,
} from '../realtime/export-jobs.js';
import type { RealtimeLogger } from '../realtime/types.js';
import type { RedisKeys } from './redis-keys.js';

// Forget the inbound's running job only if it is still this one.
const CLEAR_RUNNING = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const STATUSES = new Set(['running', 'done', 'failed']);

function parseState(raw: string | undefined): ExportJobState | null {
  if (!raw) return null;
  try {
    const state = JSON.parse(raw) as ExportJobState;
    if (typeof state?.jobId !== 'string' || !STATUSES.has(state.status)) return null;
    return state;
  } catch {
    return null;
  }
}

export interface RedisExportStoreOptions {
  redis: Redis;
  /** A connection of its own: SUBSCRIBE puts it in subscriber mode. */
  subscriber: Redis;
  keys: RedisKeys;
  logger: RealtimeLogger;
}

/**
 * Export jobs in Redis: one hash per job, an index of running jobs by inbound, each user's jobs in a
 * sorted set, each job's owners in a set, updates on pub/sub.
 */
export class RedisExportStore implements ExportJobStore {
  private readonly listeners = new Set<(state: ExportJobState) => void>();
  private readonly ready: Promise<unknown>;

  constructor(private readonly opts: RedisExportStoreOptions) {
    opts.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== opts.keys.exportUpdates) return;
      const state = parseState(message);
      if (!state) {
        opts.logger.warn({ channel }, 'export updates: skipped an unreadable message');
        return;
      }
      for (const listener of this.listeners) listener(state);
    });
    this.ready = opts.subscriber.subscribe(opts.keys.exportUpdates).catch((error: unknown) => {
      opts.logger.error({ err: (error as Error).message }, 'export updates: subscribe failed');
    });
  }

  /** Resolves once updates from other replicas are being received. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async put(record: ExportJobRecord, keepMs: number): Promise<void> {
    const { redis, keys } = this.opts;
    const { state } = record;
    const jobKey = keys.exportJob(state.jobId);
    const byInbound = keys.exportByInbound(state.inboundUid);
    const json = JSON.stringify(state);
    const tx = redis
      .multi()
      .hset(jobKey, { state: json, reportUid: record.reportUid, backendFile: record.backendFile ?? '' })
      .pexpire(jobKey, keepMs);
    if (state.status === 'running') tx.set(byInbound, state.jobId, 'PX', keepMs);
    else tx.eval(CLEAR_RUNNING, 1, byInbound, state.jobId);
    tx.publish(keys.exportUpdates, json);
    await tx.exec();
  }

  async get(jobId: string): Promise<ExportJobRecord | null> {
    const fields = await this.opts.redis.hgetall(this.opts.keys.exportJob(jobId));
    const state = parseState(fields.state);
    if (!state || fields.reportUid === undefined) return null;
    return { state, reportUid: fields.reportUid, backendFile: fields.backendFile || null };
  }

  async runningFor(inboundUid: string): Promise<ExportJobRecord | null> {
    const jobId = await this.opts.redis.get(this.opts.keys.exportByInbound(inboundUid));
    if (!jobId) return null;
    const record = await this.get(jobId);
    return record?.state.status === 'running' ? record : null;
  }

  async addOwner(userUid: string, jobId: string, keepMs: number): Promise<void> {
    const key = this.opts.keys.exportsOfUser(userUid);
    // Apart from the user's list, which keeps only the newest jobs: an older one stays theirs.
    const owners = this.opts.keys.exportOwners(jobId);
    const now = Date.now();
    await this.opts.redis
      .multi()
      .zadd(key, now, jobId)
      .zremrangebyscore(key, '-inf', now - keepMs)
      // Keep the newest EXPORT_LIST_LIMIT ids.
      .zremrangebyrank(key, 0, -(EXPORT_LIST_LIMIT + 1))
      .pexpire(key, keepMs)
      .sadd(owners, userUid)
      .pexpire(owners, keepMs)
      .exec();
  }

  async isOwner(userUid: string, jobId: string): Promise<boolean> {
    return (await this.opts.redis.sismember(this.opts.keys.exportOwners(jobId), userUid)) === 1;
  }

  async jobsOf(userUid: string, limit: number): Promise<string[]> {
    return this.opts.redis.zrevrange(this.opts.keys.exportsOfUser(userUid), 0, limit - 1);
  }

  subscribe(listener: (state: ExportJobState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.listeners.clear();
  }
}
