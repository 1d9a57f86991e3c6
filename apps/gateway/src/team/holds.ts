import { type Hold, isDoneStatus, isHoldExpired, type TeamActor } from '@waybill/contracts';
import type { ChangeEventLog } from '../realtime/change-events.js';
import type { RealtimeLogger } from '../realtime/types.js';
import type { HoldStore } from './hold-store.js';

/** Someone else holds the order: the caller must ask before taking it over (`force`). */
export class HoldConflictError extends Error {
  override name = 'HoldConflictError';
  constructor(readonly hold: Hold) {
    super(`${hold.holder.name} holds this order`);
  }
}

export interface HoldsOptions {
  store: HoldStore;
  /** HOLD_IDLE_MS: a hold ends this long after its holder's last action on the order. */
  idleMs: number;
  /** Change events (poll and own writes): an order reaching a done status loses its hold. */
  events: ChangeEventLog;
  logger: RealtimeLogger;
  now?: () => number;
  /** How often expired holds are removed (and the change pushed); at most a minute. */
  sweepMs?: number;
}

/**
 * Holds ("I am on this order"): taken and released by users, ended by a done status or by
 * HOLD_IDLE_MS without an action of the holder. Kept at the gateway only; the backend never sees them.
 */
export class Holds {
  /** The clock every expiry is judged by; tests move it instead of waiting. */
  now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly opts: HoldsOptions) {
    this.now = opts.now ?? Date.now;
  }

  start(): void {
    this.unsubscribe = this.opts.events.subscribe((event) => {
      for (const order of event.orders) if (isDoneStatus(order.aggregated_status.key)) this.end(order.uid);
    });
    const every = this.opts.sweepMs ?? Math.min(60_000, Math.max(1000, Math.floor(this.opts.idleMs / 4)));
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.opts.logger.warn({ err: (error as Error).message }, 'holds: removing expired ones failed'),
      );
    }, every);
    this.timer.unref();
  }

  /** Current holds (an expired one is left out at once, and removed by the next sweep). */
  async list(): Promise<Hold[]> {
    const now = this.now();
    return (await this.opts.store.all()).filter((h) => !isHoldExpired(h, now, this.opts.idleMs));
  }

  async of(orderUid: string): Promise<Hold | null> {
    const hold = await this.opts.store.get(orderUid);
    return hold && !isHoldExpired(hold, this.now(), this.opts.idleMs) ? hold : null;
  }

  /**
   * Takes the order for `person`; throws HoldConflictError when another holds it and not `force`.
   * `heldAlready`: it was theirs, and only its idle time starts again.
   */
  async take(
    person: TeamActor,
    orderUid: string,
    force: boolean,
  ): Promise<{ hold: Hold; previous: Hold | null; heldAlready: boolean }> {
    const at = new Date(this.now()).toISOString();
    const previous = await this.of(orderUid);
    const mine = previous?.holder.uid === person.uid;
    const hold: Hold = {
      orderUid,
      holder: { uid: person.uid, name: person.name },
      since: mine && previous ? previous.since : at,
      lastActionAt: at,
    };
    let blocking = await this.opts.store.claim(hold, force);
    // An expired hold is no obstacle, whoever it was.
    if (blocking && isHoldExpired(blocking, this.now(), this.opts.idleMs))
      blocking = await this.opts.store.claim(hold, true);
    if (blocking) throw new HoldConflictError(blocking);
    return { hold, previous: mine ? null : previous, heldAlready: mine };
  }

  /** Releases the caller's hold; HoldConflictError when someone else holds it; null when nobody did. */
  async release(person: TeamActor, orderUid: string): Promise<Hold | null> {
    const current = await this.of(orderUid);
    if (!current) return null;
    const blocking = await this.opts.store.drop(orderUid, person.uid);
    if (blocking) throw new HoldConflictError(blocking);
    return current;
  }

  /** An action of `userUid` on the order: their hold on it starts its idle time again. */
  async touch(userUid: string, orderUid: string): Promise<void> {
    await this.opts.store.touch(orderUid, userUid, new Date(this.now()).toISOString());
  }

  /** Ends the hold whoever holds it (the order is done). */
  end(orderUid: string): void {
    this.opts.store
      .drop(orderUid, null)
      .catch((error: unknown) =>
        this.opts.logger.warn({ err: (error as Error).message, orderUid }, 'holds: ending a hold failed'),
      );
  }

  /** Removes the expired holds (each change is pushed to the live lists). */
  async sweep(): Promise<void> {
    const now = this.now();
    for (const hold of await this.opts.store.all())
      if (isHoldExpired(hold, now, this.opts.idleMs))
        await this.opts.store.drop(hold.orderUid, hold.holder.uid, hold.lastActionAt);
  }

  onChange(listener: () => void): () => void {
    return this.opts.store.onChange(listener);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await this.opts.store.close();
  }
}
