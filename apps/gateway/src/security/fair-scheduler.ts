import { TRPCError } from '@trpc/server';

export interface FairSchedulerOptions {
  /** Cost units one session may have in flight; a call costing more runs alone for its session. */
  perSession: number;
  /** Cost units in flight across all sessions. */
  global: number;
  /** Calls one session may have waiting; more are refused with TOO_MANY_REQUESTS. */
  maxQueued: number;
}

interface Waiter {
  cost: number;
  start: () => void;
  fail: (error: unknown) => void;
}

interface Session {
  active: number;
  queue: Waiter[];
}

/** Gives back a slot taken with `acquire`; calling it twice is harmless. */
export type Release = () => void;

/**
 * Fair admission of backend calls made for users: each session's calls run in FIFO order within its
 * own budget, and when the global budget is full, sessions with waiting calls take turns
 * (round-robin). One session's burst therefore queues behind itself, never in front of others.
 */
export class FairScheduler {
  readonly #sessions = new Map<string, Session>();
  /** Sessions with waiting calls, in turn order. */
  readonly #ring: string[] = [];
  #active = 0;

  constructor(private readonly opts: FairSchedulerOptions) {}

  /** Units in flight across all sessions (for tests and metrics). */
  get active(): number {
    return this.#active;
  }

  /** Calls waiting for a slot across all sessions. */
  get queued(): number {
    let n = 0;
    for (const s of this.#sessions.values()) n += s.queue.length;
    return n;
  }

  /** Waits for a slot of `cost` units for `key`'s session; rejects if `signal` aborts meanwhile. */
  acquire(key: string, cost: number, signal?: AbortSignal): Promise<Release> {
    const units = Math.max(1, Math.min(Math.ceil(cost), this.opts.perSession, this.opts.global));
    const session = this.#sessions.get(key) ?? { active: 0, queue: [] };
    this.#sessions.set(key, session);
    if (session.queue.length === 0 && this.#fits(session, units))
      return Promise.resolve(this.#start(key, session, units));
    if (session.queue.length >= this.opts.maxQueued) {
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
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.#start(key, session, units));
        },
        fail: reject,
      };
      const onAbort = () => {
        const at = session.queue.indexOf(waiter);
        if (at >= 0) session.queue.splice(at, 1);
        this.#drop(key, session);
        reject(signal?.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      session.queue.push(waiter);
      if (!this.#ring.includes(key)) this.#ring.push(key);
    });
  }

  #fits(session: Session, units: number): boolean {
    return session.active + units <= this.opts.perSession && this.#active + units <= this.opts.global;
  }

  #start(key: string, session: Session, units: number): Release {
    session.active += units;
    this.#active += units;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      session.active -= units;
      this.#active -= units;
      this.#drop(key, session);
      this.#pump();
    };
  }

  /** Starts waiting calls, one per session per turn, while they fit. */
  #pump(): void {
    let progressed = true;
    while (progressed && this.#ring.length > 0) {
      progressed = false;
      for (let i = 0; i < this.#ring.length; ) {
        const key = this.#ring[i]!;
        const session = this.#sessions.get(key);
        const next = session?.queue[0];
        if (!session || !next) {
          this.#ring.splice(i, 1);
          continue;
        }
        if (!this.#fits(session, next.cost)) {
          i += 1;
          continue;
        }
        session.queue.shift();
        // Its turn is used: it goes to the back of the ring if it still has calls waiting.
        this.#ring.splice(i, 1);
        if (session.queue.length > 0) this.#ring.push(key);
        next.start();
        progressed = true;
      }
    }
  }

  #drop(key: string, session: Session): void {
    if (session.active === 0 && session.queue.length === 0) {
      this.#sessions.delete(key);
      const at = this.#ring.indexOf(key);
      if (at >= 0) this.#ring.splice(at, 1);
    }
  }
}
