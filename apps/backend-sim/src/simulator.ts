import { type InboundStatus, ORDER_STATUS_KEYS, type Order } from '@waybill/contracts';
import { fillReceived, inboundIsLate, inboundPriority, makeInbound } from './data/generate-inbounds.js';
import { COMMENT_TEXTS } from './data/generate-orders.js';
import { isFinalStatus, nextStatuses } from './data/status-model.js';
import type { SimInbound, SimOrder } from './data/types.js';
import { addComment } from './domain/comments.js';
import { makeOrder, setStatus, syncWithStatus } from './domain/orders.js';
import type { SimStore } from './store.js';
import { fieldError, notFound } from './util/errors.js';
import { parseTimestamp } from './util/time.js';
import { wireOrder } from './wire.js';

export interface TickResult {
  tick: number;
  changedOrders: string[];
  addedOrders: string[];
  comments: string[];
  changedInbounds: string[];
}

export interface OrderPatch {
  status?: string;
  late?: boolean;
  assigned_user_uid?: string | null;
  managed_by?: string | null;
  /** Force updated_at (ISO); default now. */
  updated_at?: string;
}

const INBOUND_NEXT: Partial<Record<InboundStatus, InboundStatus>> = {
  draft: 'in_transit',
  in_transit: 'arrived',
  arrived: 'processing',
  processing: 'completed',
};

/** Moves orders and inbounds along plausible paths; every change bumps updated_at. */
export class Simulator {
  private timer: NodeJS.Timeout | null = null;
  private ticks = 0;
  private lastTickMs: number;

  constructor(
    private readonly store: SimStore,
    private tickMs: number,
  ) {
    this.lastTickMs = store.now();
  }

  get paused(): boolean {
    return this.timer === null;
  }

  start(): void {
    if (this.timer || this.tickMs <= 0) return;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** Resume; a sim started with tickMs 0 resumes at 2000 ms. */
  resume(): void {
    if (this.tickMs <= 0) this.tickMs = 2000;
    this.start();
  }

  pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  tick(): TickResult {
    const { store } = this;
    const rng = store.runtimeRng;
    this.ticks += 1;
    const result: TickResult = {
      tick: this.ticks,
      changedOrders: [],
      addedOrders: [],
      comments: [],
      changedInbounds: [],
    };
    const moves = Math.max(1, Math.round(store.orders.size * 0.0008));
    for (let i = 0; i < moves; i++) {
      const order = this.pickActiveOrder();
      if (!order) break;
      const options = nextStatuses(order.status);
      if (options.length === 0) continue;
      const next = rng.weighted(options);
      store.mutateOrder(order, (o) => {
        const now = store.touch(o);
        if (!isFinalStatus(next) && rng.chance(0.05)) o.late = true;
        setStatus(o, next, now, store.orderContext, rng);
      });
      result.changedOrders.push(order.uid);
    }
    if (store.orders.size > 0 && rng.chance(0.5)) result.addedOrders.push(this.addOrder().uid);
    if (rng.chance(0.3)) {
      const order = this.pickActiveOrder();
      const author = rng.pick(
        store.orderContext.assignees.length ? store.orderContext.assignees : store.users,
      );
      if (order) {
        const snooze = rng.chance(0.3);
        store.mutateOrder(order, (o) => {
          const nowMs = store.touch(o);
          const comment = addComment(o, {
            uid: store.newId('cmt'),
            text: rng.pick(COMMENT_TEXTS),
            team: null,
            escalateMinutes: null,
            snoozeMinutes: snooze ? rng.pick([1, 4, 24]) * 60 : null,
            method: 'internal_note',
            user: author,
            nowMs,
          });
          store.comments.set(comment.uid, comment);
          result.comments.push(comment.uid);
        });
      }
    }
    if (store.inbounds.size > 0 && rng.chance(0.35)) {
      const inbound = this.pickInbound();
      if (inbound) {
        this.advanceInbound(inbound);
        result.changedInbounds.push(inbound.uid);
      }
    }
    this.expireSnoozes(result);
    this.refreshInboundLateness(result);
    if (store.inbounds.size > 0 && rng.chance(0.05)) {
      const now = store.now();
      const inbound = makeInbound(store.inboundContext, rng, store.nextInboundSeq(), 'draft', now, now);
      store.inbounds.set(inbound.uid, inbound);
      result.changedInbounds.push(inbound.uid);
    }
    return result;
  }

  /** A snooze that ran out since the last tick changes the order's filters: bump updated_at so pollers see it. */
  private expireSnoozes(result: TickResult): void {
    const { store } = this;
    const now = store.now();
    const expired: SimOrder[] = [];
    const until = store.columns.snoozeUntil;
    for (let i = 0; i < store.columns.length; i++) {
      const end = until[i] as number;
      if (end > this.lastTickMs && end <= now) expired.push(store.sortedOrders[i] as SimOrder);
    }
    this.lastTickMs = now;
    for (const order of expired) {
      store.mutateOrder(order, (o) => store.touch(o));
      result.changedOrders.push(order.uid);
    }
  }

  /** Inbounds become late as time passes (past expected date, waiting too long). */
  private refreshInboundLateness(result: TickResult): void {
    const now = this.store.now();
    for (const inbound of this.store.inbounds.values()) {
      if (inbound.status !== 'in_transit' && inbound.status !== 'arrived' && inbound.status !== 'processing')
        continue;
      const late = inboundIsLate(inbound, now);
      if (late === inbound.late) continue;
      inbound.late = late;
      inbound.display_priority = inboundPriority(inbound.status, late);
      result.changedInbounds.push(inbound.uid);
    }
  }

  private pickActiveOrder(): SimOrder | undefined {
    const list = this.store.sortedOrders;
    for (let attempt = 0; attempt < 20 && list.length > 0; attempt++) {
      const order = list[Math.floor(this.store.runtimeRng.next() * list.length)];
      if (order && !isFinalStatus(order.status)) return order;
    }
    return undefined;
  }

  private pickInbound(): SimInbound | undefined {
    const open = [...this.store.inbounds.values()].filter((i) => INBOUND_NEXT[i.status]);
    return open.length ? this.store.runtimeRng.pick(open) : undefined;
  }

  private advanceInbound(inbound: SimInbound): void {
    const next = INBOUND_NEXT[inbound.status];
    if (!next) return;
    const now = this.store.now();
    inbound.status = next;
    inbound.updatedMs = Math.max(now, inbound.updatedMs + 1);
    if (next === 'in_transit' && inbound.expectedMs === null) inbound.expectedMs = now + 3 * 86_400_000;
    for (const line of inbound.items) fillReceived(line, next, this.store.runtimeRng);
    inbound.late = inboundIsLate(inbound, now);
    inbound.display_priority = inboundPriority(next, inbound.late);
  }

  addOrder(): SimOrder {
    const { store } = this;
    const now = store.now();
    const order = makeOrder(store.orderContext, store.runtimeRng, {
      status: 'new_',
      createdMs: now,
      untilMs: now,
    });
    order.late = false;
    order.display_priority = 3;
    order.updatedMs = now;
    store.insertOrder(order);
    return order;
  }

  /** A deterministic change: the patch, or else the most likely next status; always bumps updated_at. */
  changeOrder(uid: string, patch: OrderPatch = {}): Order {
    const { store } = this;
    const order = store.orders.get(uid);
    if (!order) throw notFound('Order', uid);
    if (patch.status !== undefined && !(ORDER_STATUS_KEYS as string[]).includes(patch.status)) {
      throw fieldError('status', `unknown order status "${patch.status}"`);
    }
    let forcedMs: number | null = null;
    if (patch.updated_at !== undefined) {
      forcedMs = parseTimestamp(patch.updated_at);
      if (Number.isNaN(forcedMs)) throw fieldError('updated_at', 'must be an ISO date-time');
    }
    const explicit =
      patch.status !== undefined ||
      patch.late !== undefined ||
      patch.assigned_user_uid !== undefined ||
      patch.managed_by !== undefined;
    store.mutateOrder(order, (o) => {
      const now = forcedMs ?? store.touch(o);
      o.updatedMs = now;
      if (patch.late !== undefined) o.late = patch.late;
      if (patch.assigned_user_uid !== undefined) o.assigned_user_uid = patch.assigned_user_uid;
      if (patch.managed_by !== undefined) o.managed_by = patch.managed_by;
      const next = patch.status ?? (explicit ? undefined : nextStatuses(o.status)[0]?.[0]);
      if (next) setStatus(o, next, now, store.orderContext, store.runtimeRng);
      else syncWithStatus(o, store.orderContext, store.runtimeRng);
    });
    return wireOrder(store, order, store.now());
  }
}
