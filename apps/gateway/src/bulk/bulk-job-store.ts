import type { BulkJob } from '@waybill/contracts';

/** A job as kept for every replica: whose it is, and which replica runs it (alive while it beats). */
export interface StoredBulkJob {
  job: BulkJob;
  ownerUid: string;
  /** Every order asked for, in order, so a job whose runner vanished can name those it never reached. */
  uids: string[];
  /** The id of the BulkJobs instance (one per gateway process) that runs it. */
  runner: string;
  /** When the runner last saved it; a running job not saved for a while has lost its runner. */
  savedAt: number;
}

/**
 * Where bulk jobs are kept: in memory on a single replica, in Redis with several
 * (scale/redis-bulk-job-store.ts), so any replica can list and read a job the one that runs it saves.
 */
export interface BulkJobStore {
  put(record: StoredBulkJob, keepMs: number): Promise<void>;
  get(jobId: string): Promise<StoredBulkJob | null>;
  /** Adds a job to its owner's list, which keeps the newest `limit` of the last `keepMs`. */
  addToUser(ownerUid: string, jobId: string, keepMs: number, limit: number): Promise<void>;
  /** The user's job ids, newest first, at most `limit`. */
  jobsOf(ownerUid: string, limit: number): Promise<string[]>;
}

/** One process's jobs: a user's list keeps the newest ones, and a job leaves with its list entry. */
export class MemoryBulkJobStore implements BulkJobStore {
  private readonly jobs = new Map<string, { record: StoredBulkJob; until: number }>();
  private readonly users = new Map<string, Array<{ jobId: string; until: number }>>();

  constructor(private readonly now: () => number = Date.now) {}

  async put(record: StoredBulkJob, keepMs: number): Promise<void> {
    this.jobs.set(record.job.jobId, { record, until: this.now() + keepMs });
  }

  async get(jobId: string): Promise<StoredBulkJob | null> {
    const kept = this.jobs.get(jobId);
    if (!kept) return null;
    if (kept.until <= this.now()) {
      this.jobs.delete(jobId);
      return null;
    }
    return kept.record;
  }

  async addToUser(ownerUid: string, jobId: string, keepMs: number, limit: number): Promise<void> {
    const now = this.now();
    const entries = [{ jobId, until: now + keepMs }, ...this.current(ownerUid)];
    // Jobs past the list's length or age are dropped with their entry: memory stays bounded per user.
    for (const gone of entries.slice(limit)) this.jobs.delete(gone.jobId);
    this.users.set(ownerUid, entries.slice(0, limit));
  }

  async jobsOf(ownerUid: string, limit: number): Promise<string[]> {
    return this.current(ownerUid)
      .slice(0, limit)
      .map((e) => e.jobId);
  }

  private current(ownerUid: string) {
    const now = this.now();
    const entries = this.users.get(ownerUid) ?? [];
    const live = entries.filter((e) => e.until > now);
    for (const gone of entries) if (gone.until <= now) this.jobs.delete(gone.jobId);
    if (live.length === 0) this.users.delete(ownerUid);
    else if (live.length !== entries.length) this.users.set(ownerUid, live);
    return live;
  }
}
