import { randomUUID } from 'node:crypto';
import { EXPORT_CHECK_INTERVAL_MS, EXPORT_MAX_CHECKS, type ExportReport } from '@waybill/contracts';
import { BackendError } from '../backend/backend-error.js';
import { limitRefusal } from '../security/limit-reached.js';
import { inSpan } from '../telemetry.js';
import { SubscriberQueue } from './subscriber-queue.js';
import type { BackendCaller, RealtimeLogger } from './types.js';

/** Why a job failed, for the console to word in its own terms (`error` keeps the detail for logs). */
export type ExportFailure = 'rejected' | 'unreachable' | 'timed_out' | 'no_file';

export interface ExportJobState {
  jobId: string;
  inboundUid: string;
  /** The inbound's name when the job started, so a list of jobs can say what each one exports. */
  inboundName: string | null;
  status: 'running' | 'done' | 'failed';
  /** 0-100 */
  progress: number;
  checks: number;
  error: string | null;
  failure: ExportFailure | null;
  startedAt: number;
  /** Gateway path the browser downloads the file from, once done. */
  downloadPath: string | null;
  updatedAt: number;
}

/** A job as shared between replicas. */
export interface ExportJobRecord {
  state: ExportJobState;
  reportUid: string;
  backendFile: string | null;
}

/**
 * Where job state lives beyond this process (multi-replica mode, see scale/redis-export-store.ts):
 * any replica can read a job and follow its progress; the replica that started it checks it.
 */
export interface ExportJobStore {
  /** Save and announce a job's state (also indexes a running job by its inbound). */
  put(record: ExportJobRecord, keepMs: number): Promise<void>;
  get(jobId: string): Promise<ExportJobRecord | null>;
  /** The running job for an inbound, started by any replica. */
  runningFor(inboundUid: string): Promise<ExportJobRecord | null>;
  /** Every job's state changes, from every replica. */
  subscribe(listener: (state: ExportJobState) => void): () => void;
  /** Note that a user started or joined a job (kept as long as finished jobs are). */
  addOwner(userUid: string, jobId: string, keepMs: number): Promise<void>;
  /** Whether the user started or joined the job. */
  isOwner(userUid: string, jobId: string): Promise<boolean>;
  /** The user's jobs, newest first, at most `limit`. */
  jobsOf(userUid: string, limit: number): Promise<string[]>;
}

/** A user's running and recent jobs: the newest this many, kept this long after they finish. */
export const EXPORT_LIST_LIMIT = 20;
export const EXPORT_KEEP_MS = 24 * 60 * 60_000;

export interface ExportJobsOptions {
  backend: BackendCaller;
  serviceToken: string;
  logger: RealtimeLogger;
  intervalMs?: number;
  maxChecks?: number;
  /** How long a finished job stays downloadable. */
  keepMs?: number;
  onChange?: (jobs: { running: number; total: number }) => void;
  store?: ExportJobStore;
}

interface Job {
  state: ExportJobState;
  reportUid: string;
  /** Backend download path (relative to BACKEND_URL). */
  backendFile: string | null;
  watchers: Set<SubscriberQueue<ExportJobState>>;
  timer: NodeJS.Timeout | null;
  failures: number;
  /** Users who started or joined it (in memory; the store keeps them in multi-replica mode). */
  owners: Set<string>;
}

/** A job as this replica found it for a caller: started by them, or someone else's they join. */
interface Found {
  state: ExportJobState;
  joined: boolean;
}

const MAX_CONSECUTIVE_CHECK_FAILURES = 5;

/** The backend's 403 as FORBIDDEN (its generic status mapping makes every other 4xx a BAD_REQUEST). */
function asForbidden(error: unknown): unknown {
  return error instanceof BackendError && error.details.status === 403
    ? new BackendError('FORBIDDEN', error.message, error.details, error)
    : error;
}

/**
 * Inbound exports run on the gateway: started once, checked every 2 s up to 200 checks, shared by
 * everyone who exports the same inbound meanwhile, and independent of any watcher's connection.
 */
export class ExportJobs {
  private readonly jobs = new Map<string, Job>();
  private readonly runningByInbound = new Map<string, string>();
  private readonly starting = new Map<string, Promise<Found>>();
  /** Job ids per user, newest first (in memory; the store keeps them in multi-replica mode). */
  private readonly owned = new Map<string, string[]>();
  private readonly intervalMs: number;
  private readonly maxChecks: number;
  private readonly keepMs: number;
  private closed = false;
  /** Watchers here of jobs another replica checks, fed by the store. */
  private readonly remoteWatchers = new Map<string, Set<SubscriberQueue<ExportJobState>>>();
  private readonly unsubscribeStore: (() => void) | null;

  constructor(private readonly opts: ExportJobsOptions) {
    this.intervalMs = opts.intervalMs ?? EXPORT_CHECK_INTERVAL_MS;
    this.maxChecks = opts.maxChecks ?? EXPORT_MAX_CHECKS;
    this.keepMs = opts.keepMs ?? EXPORT_KEEP_MS;
    this.unsubscribeStore =
      opts.store?.subscribe((state) => {
        for (const queue of this.remoteWatchers.get(state.jobId) ?? []) queue.push(state);
      }) ?? null;
  }

  /**
   * Start an export, or join the one already running (or starting) for this inbound; the job then
   * shows in `list(userUid)`, and only its owners (who started or joined it) may follow and download
   * it. Joining needs the backend to read the inbound with the joiner's own token first: a job is
   * never a way around the backend's access rules. A failed job is never joined: starting again is
   * the retry. A new job is refused (TOO_MANY_REQUESTS) while the user has `maxRunning` running;
   * joining one starts no work and is never refused. The caller runs starts of one user one at a
   * time (scale/per-user-lock.ts), so the count sees the job the previous one started.
   */
  async start(
    inboundUid: string,
    token: string,
    userUid: string,
    maxRunning = Number.POSITIVE_INFINITY,
  ): Promise<ExportJobState> {
    const admit = () => this.assertRoom(userUid, maxRunning);
    const { state, joined } = await this.startOrJoin(inboundUid, token, admit);
    if (joined) await this.checkReader(inboundUid, token);
    await this.addOwner(userUid, state.jobId);
    return state;
  }

  private async startOrJoin(inboundUid: string, token: string, admit: () => Promise<void>): Promise<Found> {
    const runningId = this.runningByInbound.get(inboundUid);
    const running = runningId ? this.jobs.get(runningId) : undefined;
    if (running && running.state.status === 'running') return { state: running.state, joined: true };
    const starting = this.starting.get(inboundUid);
    if (starting) {
      // The starter's refusal is no answer for this caller, whose own token then starts the export.
      const started = await starting.catch(() => null);
      return started ? { state: started.state, joined: true } : this.startOrJoin(inboundUid, token, admit);
    }
    const started = this.begin(inboundUid, token, admit).finally(() => this.starting.delete(inboundUid));
    this.starting.set(inboundUid, started);
    return started;
  }

  /** Refuses a new job to a user who has `max` running (started or joined) already. */
  private async assertRoom(userUid: string, max: number): Promise<void> {
    if (!Number.isFinite(max)) return;
    const running = (await this.list(userUid)).filter((s) => s.status === 'running').length;
    if (running < max) return;
    throw limitRefusal(
      'TOO_MANY_REQUESTS',
      'EXPORT_JOBS_RUNNING_PER_USER',
      `You have ${running} exports running, the most one person may (max ${max}, EXPORT_JOBS_RUNNING_PER_USER): wait for one to finish`,
    );
  }

  /** The caller's token authorises the export; the checks use the service token. */
  private async begin(inboundUid: string, token: string, admit: () => Promise<void>): Promise<Found> {
    // Join a job another replica runs for this inbound.
    const elsewhere = await this.opts.store?.runningFor(inboundUid);
    if (elsewhere) return { state: elsewhere.state, joined: true };
    await admit();
    const [{ report }, inboundName] = await Promise.all([
      this.opts.backend
        .call('inbounds.export', { token, query: { inventory_receipt_uid: inboundUid } })
        .catch((error: unknown) => {
          throw asForbidden(error);
        }),
      this.nameOf(inboundUid, token),
    ]);
    const jobId = `exp_${randomUUID()}`;
    const now = Date.now();
    const job: Job = {
      state: {
        jobId,
        inboundUid,
        inboundName,
        status: 'running',
        progress: report.progress,
        checks: 0,
        error: null,
        failure: null,
        startedAt: now,
        downloadPath: null,
        updatedAt: now,
      },
      reportUid: report.uid,
      backendFile: null,
      watchers: new Set(),
      timer: null,
      failures: 0,
      owners: new Set(),
    };
    this.jobs.set(jobId, job);
    this.runningByInbound.set(inboundUid, jobId);
    this.apply(job, report);
    if (job.state.status === 'running') this.scheduleCheck(job);
    this.report();
    return { state: job.state, joined: false };
  }

  /** Throws the backend's refusal (UNAUTHORIZED, FORBIDDEN, NOT_FOUND…) unless the caller may read it. */
  private async checkReader(inboundUid: string, token: string): Promise<void> {
    try {
      await this.opts.backend.call('inbounds.detail', { token, params: { uid: inboundUid } });
    } catch (error) {
      throw asForbidden(error);
    }
  }

  /** Only a label for job lists: an inbound the backend will not describe still exports. */
  private async nameOf(inboundUid: string, token: string): Promise<string | null> {
    try {
      const detail = await this.opts.backend.call('inbounds.detail', { token, params: { uid: inboundUid } });
      return detail.inventory_receipt.name;
    } catch {
      return null;
    }
  }

  private async addOwner(userUid: string, jobId: string): Promise<void> {
    if (this.opts.store) {
      await this.opts.store.addOwner(userUid, jobId, this.keepMs);
      return;
    }
    this.jobs.get(jobId)?.owners.add(userUid);
    const ids = (this.owned.get(userUid) ?? []).filter((id) => id !== jobId);
    ids.unshift(jobId);
    this.owned.set(userUid, ids.slice(0, EXPORT_LIST_LIMIT));
  }

  /** The user's running and recent jobs (started or joined), newest first. */
  async list(userUid: string): Promise<ExportJobState[]> {
    const ids = this.opts.store
      ? await this.opts.store.jobsOf(userUid, EXPORT_LIST_LIMIT)
      : (this.owned.get(userUid) ?? []);
    const states = await Promise.all(ids.map((id) => this.lookup(id)));
    const found = states.filter((s): s is ExportJobState => s !== null);
    if (!this.opts.store) {
      // Forget ids of jobs that are gone.
      const kept = new Set(found.map((s) => s.jobId));
      this.owned.set(
        userUid,
        ids.filter((id) => kept.has(id)),
      );
    }
    return found.sort((a, b) => b.startedAt - a.startedAt);
  }

  /**
   * The job, if this user started or joined it; null alike for a job that does not exist and for
   * someone else's, so a job id reveals nothing to others.
   */
  async ownedBy(userUid: string, jobId: string): Promise<ExportJobState | null> {
    const owner = this.opts.store
      ? await this.opts.store.isOwner(userUid, jobId)
      : (this.jobs.get(jobId)?.owners.has(userUid) ?? false);
    return owner ? this.lookup(jobId) : null;
  }

  get(jobId: string): ExportJobState | null {
    return this.jobs.get(jobId)?.state ?? null;
  }

  /** A job checked here or, in multi-replica mode, on any replica. */
  async lookup(jobId: string): Promise<ExportJobState | null> {
    return this.get(jobId) ?? (await this.opts.store?.get(jobId))?.state ?? null;
  }

  /** Backend path of a finished job's file, wherever the job ran. */
  async fileOf(jobId: string): Promise<string | null> {
    if (this.jobs.has(jobId)) return this.file(jobId);
    const record = await this.opts.store?.get(jobId);
    return record?.state.status === 'done' ? record.backendFile : null;
  }

  /** Backend path of a finished job's file. */
  file(jobId: string): string | null {
    const job = this.jobs.get(jobId);
    return job?.state.status === 'done' ? job.backendFile : null;
  }

  /** Follow a job: the current state first, then every change until it ends. */
  async *watch(jobId: string, signal: AbortSignal): AsyncGenerator<ExportJobState> {
    const job = this.jobs.get(jobId);
    if (!job) {
      if (this.opts.store) yield* this.watchRemote(jobId, signal);
      return;
    }
    const queue = new SubscriberQueue<ExportJobState>(16);
    job.watchers.add(queue);
    try {
      yield job.state;
      if (job.state.status !== 'running') return;
      for (;;) {
        const next = await queue.next(signal);
        if (next === undefined) return;
        const state = next === 'overflow' ? job.state : next;
        yield state;
        if (state.status !== 'running') return;
      }
    } finally {
      job.watchers.delete(queue);
      queue.close();
    }
  }

  /** Follow a job another replica checks: its stored state, then the updates it announces. */
  private async *watchRemote(jobId: string, signal: AbortSignal): AsyncGenerator<ExportJobState> {
    const queue = new SubscriberQueue<ExportJobState>(16);
    const watchers = this.remoteWatchers.get(jobId) ?? new Set<SubscriberQueue<ExportJobState>>();
    this.remoteWatchers.set(jobId, watchers);
    watchers.add(queue);
    try {
      // Subscribed before reading, so no update falls in between; older queued ones are skipped.
      let current = (await this.opts.store?.get(jobId))?.state;
      if (!current) return;
      yield current;
      while (current.status === 'running') {
        const next = await queue.next(signal);
        if (next === undefined) return;
        if (next === 'overflow') {
          const stored = (await this.opts.store?.get(jobId))?.state;
          if (!stored) return;
          current = stored;
        } else if (next.updatedAt < current.updatedAt || next.checks < current.checks) {
          continue;
        } else {
          current = next;
        }
        yield current;
      }
    } finally {
      watchers.delete(queue);
      if (watchers.size === 0) this.remoteWatchers.delete(jobId);
      queue.close();
    }
  }

  private scheduleCheck(job: Job): void {
    if (this.closed) return;
    job.timer = setTimeout(() => void this.check(job), this.intervalMs);
    job.timer.unref?.();
  }

  /** Each check is its own trace: it runs on a timer, long after the call that started the export. */
  private check(job: Job): Promise<void> {
    return inSpan(
      'export check',
      { root: true, attributes: { 'waybill.export.checks': job.state.checks + 1 } },
      () => this.checkNow(job),
    );
  }

  private async checkNow(job: Job): Promise<void> {
    job.timer = null;
    if (this.closed || job.state.status !== 'running') return;
    job.state = { ...job.state, checks: job.state.checks + 1 };
    try {
      const { report } = await this.opts.backend.call('inbounds.exportCheck', {
        token: this.opts.serviceToken,
        query: { uid: job.reportUid },
      });
      job.failures = 0;
      this.apply(job, report);
    } catch (error) {
      job.failures += 1;
      const reason = error instanceof Error ? error.message : String(error);
      this.opts.logger.warn({ err: reason, jobId: job.state.jobId }, 'export check failed');
      if (job.failures >= MAX_CONSECUTIVE_CHECK_FAILURES) {
        this.finish(job, {
          status: 'failed',
          // The backend's own words stay in the log: the job's reason reaches every follower's screen.
          error: 'Export check failed: the backend did not answer the progress checks',
          failure: 'unreachable',
        });
        return;
      }
    }
    if (job.state.status !== 'running') return;
    if (job.state.checks >= this.maxChecks) {
      this.finish(job, {
        status: 'failed',
        error: `Export did not complete after ${this.maxChecks} checks`,
        failure: 'timed_out',
      });
      return;
    }
    this.scheduleCheck(job);
  }

  private apply(job: Job, report: ExportReport): void {
    if (report.error) {
      this.finish(job, { status: 'failed', error: report.error, failure: 'rejected' });
      return;
    }
    if (report.completed) {
      if (!report.download_url) {
        this.finish(job, {
          status: 'failed',
          error: 'The backend finished the export without a file',
          failure: 'no_file',
        });
        return;
      }
      const url = new URL(report.download_url, 'http://backend.invalid');
      job.backendFile = `${url.pathname}${url.search}`;
      this.finish(job, {
        status: 'done',
        progress: 100,
        downloadPath: `/exports/${encodeURIComponent(job.state.jobId)}/download`,
      });
      return;
    }
    this.update(job, { progress: Math.max(job.state.progress, Math.round(report.progress)) });
  }

  private finish(job: Job, patch: Partial<ExportJobState>): void {
    this.update(job, patch);
    if (this.runningByInbound.get(job.state.inboundUid) === job.state.jobId) {
      this.runningByInbound.delete(job.state.inboundUid);
    }
    const forget = setTimeout(() => this.jobs.delete(job.state.jobId), this.keepMs);
    forget.unref?.();
    this.report();
  }

  private update(job: Job, patch: Partial<ExportJobState>): void {
    job.state = { ...job.state, ...patch, updatedAt: Date.now() };
    for (const watcher of job.watchers) watcher.push(job.state);
    // A running job is kept only as long as it can run (twice its checks), so a job whose replica died
    // stops blocking new exports of its inbound; a finished one for the whole recent window.
    const keep =
      job.state.status === 'running'
        ? Math.min(this.keepMs, 2 * this.intervalMs * this.maxChecks)
        : this.keepMs;
    // Commands on one connection run in order, so replicas see the states in order.
    this.opts.store
      ?.put({ state: job.state, reportUid: job.reportUid, backendFile: job.backendFile }, keep)
      .catch((error: unknown) =>
        this.opts.logger.warn(
          { err: (error as Error).message, jobId: job.state.jobId },
          'export store failed',
        ),
      );
  }

  private report(): void {
    let running = 0;
    for (const job of this.jobs.values()) if (job.state.status === 'running') running += 1;
    this.opts.onChange?.({ running, total: this.jobs.size });
  }

  close(): void {
    this.closed = true;
    this.unsubscribeStore?.();
    for (const watchers of this.remoteWatchers.values()) for (const queue of watchers) queue.close();
    for (const job of this.jobs.values()) {
      if (job.timer) clearTimeout(job.timer);
      for (const watcher of job.watchers) watcher.close();
    }
  }
}
