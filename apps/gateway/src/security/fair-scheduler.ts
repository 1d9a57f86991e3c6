import { TRPCError } from '@trpc/server';

export interface FairSchedulerOptions {
  /** Cost units one session may have in flight; a call costing more runs alone for its session. */
  perSession: number;
  /** Cost units in flight across all sessions. */
  global: number;
  /** Calls one session may have waiting; more are refused with TOO_MANY_REQUESTS. */
  maxQueued: number;
  /**
   * A background call waiting longer than this joins the foreground queue (at its end), so a steady
   * stream of foreground calls never starves it. Default BACKGROUND_MAX_WAIT_MS.
   */
  backgroundMaxWaitMs?: number;
}

/**
 * `foreground`: what a user waits for (their queries and mutations, a live list's rows).
 * `background`: what can come later (a live list's statistics); it runs on spare slots only.
 */
export type Lane = 'foreground' | 'background';

/** How long a background call may wait before it queues as a foreground one. */
export const BACKGROUND_MAX_WAIT_MS = 2000;

interface Waiter {
  cost: number;
  /** When it queued (background waiters age). */
  since: number;
  background: boolean;
  start: () => void;
  fail: (error: unknown) => void;
}

interface Session {
  active: number;
  /** Units of `active` held by background calls. */
  backgroundActive: number;
  /** Foreground waiters, FIFO (aged background waiters join at the end). */
  queue: Waiter[];
  /** Background waiters, FIFO. */
  later: Waiter[];
}

/** Gives back a slot taken with `acquire`; calling it twice is harmless. */
export type Release = () => void;

/**
 * Fair admission of backend calls made for users: each session's calls run in FIFO order within its
 * own budget, and when the global budget is full, sessions with waiting calls take turns
 * (round-robin). One session's burst therefore queues behind itself, never in front of others.
 *
 * Two lanes: foreground calls always start before background calls, and background calls use spare
 * capacity only: they start while no foreground call of any session is in flight or waiting for a
 * global slot, and have a session budget of their own (`perSession` again), so a session's next
 * foreground call never waits for its background calls to finish. A background call waiting longer
 * than `backgroundMaxWaitMs` becomes a foreground one, so it is delayed, never starved.
 */
export class FairScheduler {
  readonly #sessions = new Map<string, Session>();
  /** Sessions with waiting calls, in turn order. */
  readonly #ring: string[] = [];
  #active = 0;
  /** Units in flight for foreground calls, across all sessions. */
  #foregroundActive = 0;

  constructor(private readonly opts: FairSchedulerOptions) {}

  /** Units in flight across all sessions (for tests and metrics). */
  get active(): number {
    return this.#active;
  }

  /** Calls waiting for a slot across all sessions. */
  get queued(): number {
    let n = 0;
    for (const s of this.#sessions.values()) n += s.queue.length + s.later.length;
    return n;
  }

  /** Waits for a slot of `cost` units for `key`'s session; rejects if `signal` aborts meanwhile. */
  acquire(key: string, cost: number, signal?: AbortSignal, lane: Lane = 'foreground'): Promise<Release> {
    const units = Math.max(1, Math.min(Math.ceil(cost), this.opts.perSession, this.opts.global));
    const session = this.#sessions.get(key) ?? { active: 0, backgroundActive: 0, queue: [], later: [] };
    this.#sessions.set(key, session);
    const background = lane === 'background';
    if (
      background
        ? session.queue.length === 0 &&
          session.later.length === 0 &&
          this.#backgroundMayRun() &&
          this.#fitsBackground(session, units)
        : session.queue.length === 0 && this.#fits(session, units)
    )
      return Promise.resolve(this.#start(key, session, units, background));
    // One cap over both lanes: a session's burst is refused the same whatever its lane.
    if (session.queue.length + session.later.length >= this.opts.maxQueued) {
      this.#drop(key, session);
      return Promise.reject(
        new TRPCError({
          code: 'TOO_MANY_REQUESTS',
          message: `Too many backend calls waiting for this session (max ${this.opts.maxQueued} queued): slow down`,
        }),
      );
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        cost: units,
        since: performance.now(),
        background,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.#start(key, session, units, waiter.background));
        },
        fail: reject,
      };
      const onAbort = () => {
        for (const queue of [session.queue, session.later]) {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
        }
        this.#drop(key, session);
        reject(signal?.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      (background ? session.later : session.queue).push(waiter);
      if (!this.#ring.includes(key)) this.#ring.push(key);
    });
  }

  /** Foreground calls count against the session's budget; background ones in flight do not. */
  #fits(session: Session, units: number): boolean {
    return (
      session.active - session.backgroundActive + units <= this.opts.perSession &&
      this.#active + units <= this.opts.global
    );
  }

  /** Background calls have a budget of the same size of their own, so they never hold a foreground call. */
  #fitsBackground(session: Session, units: number): boolean {
    return (
      session.backgroundActive + units <= this.opts.perSession && this.#active + units <= this.opts.global
    );
  }

  /**
   * Background calls run while no foreground call is in flight or held by the global budget: they
   * share the backend with nothing a user waits for (a row read of another session shares its CPU).
   */
  #backgroundMayRun(): boolean {
    return this.#foregroundActive === 0 && !this.#foregroundWaitsForGlobal();
  }

  /** A foreground call waits although its own session has room: the global budget holds it. */
  #foregroundWaitsForGlobal(): boolean {
    for (const key of this.#ring) {
      const session = this.#sessions.get(key);
      const next = session?.queue[0];
      if (session && next && session.active - session.backgroundActive + next.cost <= this.opts.perSession)
        return true;
    }
    return false;
  }

  #start(key: string, session: Session, units: number, background: boolean): Release {
    session.active += units;
    if (background) session.backgroundActive += units;
    else this.#foregroundActive += units;
    this.#active += units;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      session.active -= units;
      if (background) session.backgroundActive -= units;
      else this.#foregroundActive -= units;
      this.#active -= units;
      this.#drop(key, session);
      this.#pump();
    };
  }

  /**
   * Background waiters past their maximum wait join their session's foreground queue, in the place a
   * foreground call made at the moment they aged would hold.
   */
  #age(): void {
    const maxWait = this.opts.backgroundMaxWaitMs ?? BACKGROUND_MAX_WAIT_MS;
    const oldest = performance.now() - maxWait;
    for (const key of this.#ring) {
      const session = this.#sessions.get(key);
      while (session?.later[0] && session.later[0].since <= oldest) {
        const aged = session.later.shift()!;
        // It runs as a foreground call now, in the session's foreground budget.
        aged.background = false;
        const agedAt = aged.since + maxWait;
        const at = session.queue.findIndex((w) => w.since > agedAt);
        session.queue.splice(at < 0 ? session.queue.length : at, 0, aged);
      }
    }
  }

  /**
   * Starts waiting calls, one per session per turn, while they fit: foreground calls first, then
   * background calls on the slots left.
   */
  #pump(): void {
    this.#age();
    this.#turns((session) => {
      const next = session.queue[0];
      return next && this.#fits(session, next.cost) ? session.queue : null;
    });
    if (!this.#backgroundMayRun()) return;
    this.#turns((session) => {
      const next = session.later[0];
      return session.queue.length === 0 && next && this.#fitsBackground(session, next.cost)
        ? session.later
        : null;
    });
  }

  /** Round-robin over sessions with waiting calls; `pick` names the queue whose head may start. */
  #turns(pick: (session: Session) => Waiter[] | null): void {
    let progressed = true;
    while (progressed && this.#ring.length > 0) {
      progressed = false;
      for (let i = 0; i < this.#ring.length; ) {
        const key = this.#ring[i]!;
        const session = this.#sessions.get(key);
        if (!session || (session.queue.length === 0 && session.later.length === 0)) {
          this.#ring.splice(i, 1);
          continue;
        }
        const queue = pick(session);
        if (!queue) {
          i += 1;
          continue;
        }
        const next = queue.shift()!;
        // Its turn is used: it goes to the back of the ring if it still has calls waiting.
        this.#ring.splice(i, 1);
        if (session.queue.length + session.later.length > 0) this.#ring.push(key);
        next.start();
        progressed = true;
      }
    }
  }

  #drop(key: string, session: Session): void {
    if (session.active === 0 && session.queue.length === 0 && session.later.length === 0) {
      this.#sessions.delete(key);
      const at = this.#ring.indexOf(key);
      if (at >= 0) this.#ring.splice(at, 1);
    }
  }
}
