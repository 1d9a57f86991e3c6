import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import {
  type BulkExpected,
  type BulkJob,
  type BulkJobResult,
  type BulkJobSummary,
  type BulkOrderAction,
  bulkActionSummary,
  type Order,
} from '@waybill/contracts';
import type { OwnWrites } from '../realtime/own-writes.js';
import type { BulkJobStore, StoredBulkJob } from './bulk-job-store.js';
import {
  BULK_CONCURRENCY,
  type BulkDeps,
  bulkWhat,
  expectedFor,
  mapBounded,
  runBulkItem,
} from './bulk-runner.js';

export interface BulkJobsOptions extends BulkDeps {
  store: BulkJobStore;
  ownWrites: Pick<OwnWrites, 'publish'>;
  /** How long a job stays listed and readable (BULK_JOB_KEEP_MS). */
  keepMs: number;
  /** Jobs listed per user, newest first (BULK_JOBS_KEPT). */
  listLimit: number;
  /** How often a running job's progress is saved and its changed orders published. */
  saveEveryMs?: number;
  /** A running job not saved for this long has lost its runner (a replica that died). */
  staleAfterMs?: number;
  now?: () => number;
  /** Each order the backend accepted (the activity record); must not throw. */
  onChanged?: (token: string, action: BulkOrderAction, order: Order) => Promise<void>;
}

interface Running {
  record: StoredBulkJob;
  action: BulkOrderAction;
  token: string;
  uids: string[];
  expected: BulkExpected | undefined;
  /** Answered orders by position, so results keep the order asked. */
  answered: Array<BulkJobResult | undefined>;
  /** Changed orders not yet published on the own-write fast path. */
  unpublished: Order[];
  dirty: boolean;
  timer: NodeJS.Timeout;
  done: Promise<void>;
}

export const BULK_SAVE_EVERY_MS = 500;
export const BULK_STALE_AFTER_MS = 15_000;

/**
 * Bulk actions as jobs (orders.bulkStart): detached from the request that started them, run by the
 * replica that started them (BULK_CONCURRENCY calls at a time, the caller's token, so the fair
 * scheduler bounds them as the caller's own calls), saved to the store as they progress so their
 * owner reads them from any replica. A gateway that stops finishes the calls in flight, starts no
 * more and saves the job as interrupted; a job whose runner vanished reads as interrupted.
 */
export class BulkJobs {
  /** This process's id as a runner. */
  readonly runnerId = `runner_${randomUUID()}`;
  private readonly running = new Map<string, Running>();
  private readonly saveEveryMs: number;
  private readonly staleAfterMs: number;
  private readonly now: () => number;
  private closing = false;

  constructor(private readonly opts: BulkJobsOptions) {
    this.saveEveryMs = opts.saveEveryMs ?? BULK_SAVE_EVERY_MS;
    this.staleAfterMs = opts.staleAfterMs ?? BULK_STALE_AFTER_MS;
    this.now = opts.now ?? Date.now;
  }

  /** True once the gateway is stopping: no call starts any more. */
  get stopping(): boolean {
    return this.closing;
  }

  /** Jobs this replica runs now. */
  runningCount(): number {
    return this.running.size;
  }

  /** Starts the job and answers at once, before any order is run. `uids` are unique, already capped. */
  async start(args: {
    token: string;
    ownerUid: string;
    action: BulkOrderAction;
    uids: string[];
    /** The job's id when it was named before (a bulk run held for its undo window). */
    jobId?: string;
    /** Each order's state as the user saw it: a changed one is reported as a conflict, not written. */
    expected?: BulkExpected;
  }): Promise<BulkJob> {
    if (this.closing) {
      throw new TRPCError({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The gateway is restarting: start the bulk action again',
      });
    }
    const now = this.now();
    const job: BulkJob = {
      jobId: args.jobId ?? newBulkJobId(),
      kind: args.action.kind,
      summary: bulkActionSummary(args.action),
      state: 'running',
      total: args.uids.length,
      done: 0,
      ok: 0,
      failed: 0,
      startedAt: now,
      updatedAt: now,
      results: [],
    };
    const record: StoredBulkJob = {
      job,
      ownerUid: args.ownerUid,
      uids: args.uids,
      runner: this.runnerId,
      savedAt: now,
    };
    await this.opts.store.put(record, this.opts.keepMs);
    await this.opts.store.addToUser(args.ownerUid, job.jobId, this.opts.keepMs, this.opts.listLimit);
    const run: Running = {
      record,
      action: args.action,
      token: args.token,
      uids: args.uids,
      expected: args.expected,
      answered: new Array(args.uids.length),
      unpublished: [],
      dirty: false,
      timer: setInterval(() => void this.save(run, false), this.saveEveryMs),
      done: Promise.resolve(),
    };
    run.timer.unref?.();
    this.running.set(job.jobId, run);
    run.done = this.run(run);
    return job;
  }

  private async run(run: Running): Promise<void> {
    const { action, token } = run;
    try {
      await mapBounded(run.uids, BULK_CONCURRENCY, async (uid, i) => {
        // A stopping gateway starts no new call; the ones in flight finish and count.
        if (this.closing) return;
        const { result, order } = await runBulkItem(
          this.opts,
          token,
          action,
          uid,
          undefined,
          expectedFor(run.expected, uid),
        );
        run.answered[i] = { ...result, reference: order?.reference ?? null };
        if (order) {
          run.unpublished.push(order);
          await this.opts.onChanged?.(token, action, order);
        }
        run.dirty = true;
      });
    } catch (error) {
      this.opts.logger.error({ err: error, jobId: run.record.job.jobId }, 'bulk job failed');
    }
    clearInterval(run.timer);
    await this.save(run, true);
    this.running.delete(run.record.job.jobId);
  }

  /** Saves the job's progress (at least every staleAfterMs / 3 as a heartbeat) and publishes its changes. */
  private async save(run: Running, final: boolean): Promise<void> {
    const now = this.now();
    if (!final && !run.dirty && now - run.record.savedAt < this.staleAfterMs / 3) return;
    run.dirty = false;
    const results: BulkJobResult[] = [];
    let ok = 0;
    run.uids.forEach((uid, i) => {
      const answer = run.answered[i];
      if (answer) {
        results.push(answer);
        if (answer.ok) ok += 1;
      } else if (final) {
        // Never reached: the gateway stopped first.
        results.push({ uid, ok: false, error: 'failed', reference: null });
      }
    });
    const complete = run.answered.filter(Boolean).length === run.uids.length;
    const job: BulkJob = {
      ...run.record.job,
      state: final ? (complete ? 'done' : 'interrupted') : 'running',
      done: results.length,
      ok,
      failed: results.length - ok,
      results,
      updatedAt: now,
    };
    run.record = { ...run.record, job, savedAt: now };
    const orders = run.unpublished.splice(0);
    await Promise.all([
      this.opts.store.put(run.record, this.opts.keepMs).catch((error: unknown) => {
        this.opts.logger.warn({ err: (error as Error).message, jobId: job.jobId }, 'bulk job save failed');
      }),
      // Own-write fast path: the changed orders go out in batches as the job runs.
      orders.length > 0
        ? this.opts.ownWrites.publish({ token: run.token, what: bulkWhat(run.action), orders })
        : null,
    ]);
  }

  /** The user's jobs, newest first, without their per-order results. */
  async list(ownerUid: string): Promise<BulkJobSummary[]> {
    const ids = await this.opts.store.jobsOf(ownerUid, this.opts.listLimit);
    const found = await Promise.all(ids.map((id) => this.read(id)));
    return found
      .filter((r): r is StoredBulkJob => r !== null && r.ownerUid === ownerUid)
      .map(({ job: { results: _results, ...summary } }) => summary)
      .sort((a, b) => b.startedAt - a.startedAt);
  }

  /** The job with its results, if the user started it; null alike for a missing job and another's. */
  async get(ownerUid: string, jobId: string): Promise<BulkJob | null> {
    const record = await this.read(jobId);
    return record && record.ownerUid === ownerUid ? record.job : null;
  }

  /** Jobs of the user still running, on any replica. */
  async runningOf(ownerUid: string): Promise<number> {
    return (await this.list(ownerUid)).filter((j) => j.state === 'running').length;
  }

  /** The freshest state: this replica's own running job, else the store's, a runner-less one interrupted. */
  private async read(jobId: string): Promise<StoredBulkJob | null> {
    const local = this.running.get(jobId);
    if (local) return local.record;
    const record = await this.opts.store.get(jobId);
    if (record?.job.state !== 'running') return record;
    const gone = record.runner === this.runnerId || this.now() - record.savedAt > this.staleAfterMs;
    return gone ? { ...record, job: interrupted(record) } : record;
  }

  /** Starts no more calls, waits for those in flight, saves every job (interrupted if unfinished). */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.running.values()].map((run) => run.done));
  }
}

export const newBulkJobId = () => `bulk_${randomUUID()}`;

/** A job whose runner is gone: the orders it had not answered are failed. */
function interrupted({ job, uids }: StoredBulkJob): BulkJob {
  const answered = new Map(job.results.map((r) => [r.uid, r]));
  const results = uids.map(
    (uid): BulkJobResult => answered.get(uid) ?? { uid, ok: false, error: 'failed', reference: null },
  );
  const ok = results.filter((r) => r.ok).length;
  return { ...job, state: 'interrupted', done: results.length, ok, failed: results.length - ok, results };
}
