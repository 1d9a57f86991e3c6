import { randomUUID } from 'node:crypto';
import type { PendingActionTicket, UndoOutcome } from '@waybill/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PendingAction, PendingActionStore, PendingWork } from './pending-action-store.js';

export interface PendingActionsOptions {
  store: PendingActionStore;
  /** UNDO_WINDOW_MS. */
  windowMs: number;
  /** Sends the action to the backend, as its owner. */
  commit: (action: PendingAction) => Promise<void>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  now?: () => number;
}

const MIN_SWEEP_MS = 1_000;

/**
 * How long after its window an action that reached nothing is tried again (its store was out): a
 * bulk run that starts later than this would surprise its owner more than one that never starts.
 */
export const PENDING_RETRY_FOR_MS = 5 * 60_000;

/**
 * How long a gateway starting waits before sending the held actions it finds: an owner who pressed
 * Undo while no gateway answered has a console that keeps asking (every second) and reaches this one
 * meanwhile. Capped by the window, like every wait.
 */
export const START_UNDO_GRACE_MS = 5_000;

/** The commit failed before anything reached the backend: sending the action again is safe. */
export class NothingSentError extends Error {
  constructor(cause: unknown) {
    super('the held action reached nothing', { cause });
    this.name = 'NothingSentError';
  }
}

/**
 * The undo window: an action is kept in the store and sent when its window ends, unless its owner
 * undoes it first. A gateway (re)starting sends the actions it finds, at their time or at once when
 * it has passed; each is sent by whichever replica takes it from the store first.
 */
export class PendingActions {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private sweeper: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly opts: PendingActionsOptions) {
    this.now = opts.now ?? Date.now;
  }

  get windowMs(): number {
    return this.opts.windowMs;
  }

  /** Sends, or schedules, every action kept in the store (left by a gateway that stopped in its window). */
  async start(): Promise<void> {
    const kept = await this.opts.store.all();
    // An action never waits longer than this gateway's window, whatever the one that stored it had.
    const latest = this.now() + this.opts.windowMs;
    const grace = this.now() + START_UNDO_GRACE_MS;
    for (const action of kept)
      this.schedule(action.actionId, Math.min(Math.max(action.commitAt, grace), latest));
    // With several replicas, one that died in an action's window leaves it in the store: once it is
    // a whole window overdue, whoever sweeps sends it.
    this.sweeper = setInterval(() => void this.sweep(), Math.max(this.opts.windowMs, MIN_SWEEP_MS));
    this.sweeper.unref();
  }

  private async sweep(): Promise<void> {
    try {
      const overdue = this.now() - this.opts.windowMs;
      for (const action of await this.opts.store.all())
        if (action.commitAt < overdue && !this.timers.has(action.actionId)) this.schedule(action.actionId, 0);
    } catch (error) {
      this.opts.logger.warn({ err: (error as Error).message }, 'pending actions could not be swept');
    }
  }

  async hold(args: { ownerUid: string; token: string; work: PendingWork }): Promise<PendingActionTicket> {
    const commitAt = this.now() + this.opts.windowMs;
    const action: PendingAction = { actionId: `act_${randomUUID()}`, commitAt, ...args };
    // Undo turned off (UNDO_WINDOW_MS=0): sent before answering, its failure the caller's error.
    if (this.opts.windowMs === 0) await this.opts.commit(action);
    else {
      await this.opts.store.put(action);
      this.schedule(action.actionId, commitAt);
    }
    return {
      actionId: action.actionId,
      commitAt,
      windowMs: this.opts.windowMs,
      jobId: args.work.kind === 'bulk' ? args.work.jobId : null,
    };
  }

  /** Actions waiting in the store, on every replica. */
  async heldCount(): Promise<number> {
    return (await this.opts.store.all()).length;
  }

  /** The owner's bulk runs waiting out their window: each starts a job, so they count as running. */
  async heldBulkRunsOf(ownerUid: string): Promise<number> {
    return (await this.opts.store.all()).filter((a) => a.ownerUid === ownerUid && a.work.kind === 'bulk')
      .length;
  }

  /** Cancels the owner's action if it has not been sent; someone else's reads as already gone. */
  async undo(ownerUid: string, actionId: string): Promise<UndoOutcome> {
    const kept = (await this.opts.store.all()).find((a) => a.actionId === actionId);
    if (!kept || kept.ownerUid !== ownerUid) return 'too_late';
    const taken = await this.opts.store.take(actionId);
    if (!taken) return 'too_late';
    this.clear(actionId);
    return 'undone';
  }

  private schedule(actionId: string, at: number): void {
    if (this.closed) return;
    this.clear(actionId);
    const timer = setTimeout(() => this.fire(actionId), Math.max(0, at - this.now()));
    this.timers.set(actionId, timer);
  }

  private fire(actionId: string): void {
    this.timers.delete(actionId);
    const run = this.commitNow(actionId).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  private async commitNow(actionId: string): Promise<void> {
    let action: PendingAction | null = null;
    try {
      action = await this.opts.store.take(actionId);
      // Undone, or sent by another replica.
      if (!action) return;
      await this.opts.commit(action);
    } catch (error) {
      if (
        action &&
        error instanceof NothingSentError &&
        this.now() - action.commitAt < PENDING_RETRY_FOR_MS
      ) {
        await this.keepForRetry(action, error);
        return;
      }
      this.opts.logger.error({ err: error, actionId }, 'a held action could not be sent');
    }
  }

  /** Back in the store, overdue: the next sweep (of any replica, or the next gateway) tries again. */
  private async keepForRetry(action: PendingAction, error: NothingSentError): Promise<void> {
    try {
      await this.opts.store.put(action);
      this.opts.logger.warn(
        { err: error.cause, actionId: action.actionId },
        'a held action will be tried again',
      );
    } catch (putError) {
      this.opts.logger.error(
        { err: error.cause, putErr: putError, actionId: action.actionId },
        'a held action could not be sent nor kept',
      );
    }
  }

  private clear(actionId: string): void {
    const timer = this.timers.get(actionId);
    if (timer) clearTimeout(timer);
    this.timers.delete(actionId);
  }

  /**
   * Stops the timers and waits for the actions being sent. The others stay in the store: the next
   * gateway to start (or another replica's timer) sends them.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.inFlight]);
  }
}
