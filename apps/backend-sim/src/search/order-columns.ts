import type { SimOrder } from '../data/types.js';

export const LATE_FLAG = 1;
export const PAYOUT_LATE_FLAG = 2;
export const HAS_PAYOUT_FLAG = 4;

type Typed = Uint8Array | Int32Array | Float64Array;

/**
 * The sorted orders' filter fields as typed arrays, in list order: a search scans these
 * sequentially instead of chasing 100k object pointers (which is cache-miss bound).
 */
export class OrderColumns {
  length = 0;
  priority = new Uint8Array(0);
  flags = new Uint8Array(0);
  channel = new Int32Array(0);
  center = new Int32Array(0);
  courier = new Int32Array(0);
  user = new Int32Array(0);
  status = new Int32Array(0);
  payout = new Int32Array(0);
  snoozeUntil = new Float64Array(0);
  slot = new Int32Array(0);

  constructor(capacity: number) {
    this.grow(Math.max(16, capacity));
  }

  private all(): Typed[] {
    return [
      this.priority,
      this.flags,
      this.channel,
      this.center,
      this.courier,
      this.user,
      this.status,
      this.payout,
      this.snoozeUntil,
      this.slot,
    ];
  }

  private grow(capacity: number): void {
    const copy = <T extends Typed>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old.subarray(0, this.length) as never);
      return next;
    };
    this.priority = copy(this.priority, (n) => new Uint8Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    this.channel = copy(this.channel, (n) => new Int32Array(n));
    this.center = copy(this.center, (n) => new Int32Array(n));
    this.courier = copy(this.courier, (n) => new Int32Array(n));
    this.user = copy(this.user, (n) => new Int32Array(n));
    this.status = copy(this.status, (n) => new Int32Array(n));
    this.payout = copy(this.payout, (n) => new Int32Array(n));
    this.snoozeUntil = copy(this.snoozeUntil, (n) => new Float64Array(n));
    this.slot = copy(this.slot, (n) => new Int32Array(n));
  }

  set(i: number, o: SimOrder): void {
    this.priority[i] = o.display_priority;
    this.flags[i] =
      (o.late ? LATE_FLAG : 0) | (o.payout?.late ? PAYOUT_LATE_FLAG : 0) | (o.payout ? HAS_PAYOUT_FLAG : 0);
    this.channel[i] = o.ix.channel;
    this.center[i] = o.ix.center;
    this.courier[i] = o.ix.courier;
    this.user[i] = o.ix.user;
    this.status[i] = o.ix.status;
    this.payout[i] = o.ix.payout;
    this.snoozeUntil[i] = o.ix.snoozeUntil;
    this.slot[i] = o.ix.slot;
  }

  insertAt(i: number, o: SimOrder): void {
    if (this.length === this.priority.length) this.grow(this.length * 2);
    for (const column of this.all()) column.copyWithin(i + 1, i, this.length);
    this.length += 1;
    this.set(i, o);
  }

  removeAt(i: number): void {
    for (const column of this.all()) column.copyWithin(i, i + 1, this.length);
    this.length -= 1;
  }
}
