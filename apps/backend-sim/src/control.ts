import type { Order } from '@waybill/contracts';
import type { OrderPatch, Simulator, TickResult } from './simulator.js';
import type { SimStore } from './store.js';
import { fieldError, notFound } from './util/errors.js';
import { wireOrder } from './wire.js';

export type SimFaultKind = 'down' | 'slow' | 'garbage' | 'invalid';
export interface SimFault {
  kind: SimFaultKind;
  /** For 'slow': delay before answering (default 2000 ms). */
  delayMs?: number;
  /** Limit the fault to these paths (route patterns such as '/changes'); default every backend path. */
  paths?: string[];
}

/** Test and benchmark hooks, in process and (with `control`) over HTTP under /__sim. */
export interface SimControl {
  tick(): TickResult;
  changeOrder(uid: string, patch?: OrderPatch): Order;
  addOrder(): Order;
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  setFault(fault: SimFaultKind | SimFault | null): void;
  readonly fault: SimFault | null;
  /** Requests per path (route pattern, e.g. '/orders/order/{uid}'; raw path for unknown ones). */
  callCounts(): Record<string, number>;
  resetCallCounts(): void;
  /**
   * Rows asked per path: the sum of the `limit` of every request body that has one (reset with the
   * call counts), so a benchmark can tell how many rows a client's list refreshes read.
   */
  rowsAsked(): Record<string, number>;
  /** The last request body the sim received on a path (undefined if none). */
  lastBody(path: string): unknown;
  /** Revoke a bearer token (every call with it gets 401 from then on); false if it was unknown. */
  revokeToken(token: string): boolean;
  /**
   * Only these users (by e-mail; superadmins always) may read, change or export the inbound;
   * others get 403. `null` lifts the restriction.
   */
  restrictInbound(uid: string, readerEmails: readonly string[] | null): void;
}

export class CallRecorder {
  private counts = new Map<string, number>();
  private bodies = new Map<string, unknown>();
  private rows = new Map<string, number>();

  count(path: string): void {
    this.counts.set(path, (this.counts.get(path) ?? 0) + 1);
  }

  body(path: string, body: unknown): void {
    this.bodies.set(path, body);
    const limit = (body as { limit?: unknown } | null)?.limit;
    if (typeof limit === 'number' && Number.isFinite(limit))
      this.rows.set(path, (this.rows.get(path) ?? 0) + limit);
  }

  rowsAsked(): Record<string, number> {
    return Object.fromEntries(this.rows);
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  last(path: string): unknown {
    return this.bodies.get(path);
  }

  reset(): void {
    this.counts.clear();
    this.bodies.clear();
    this.rows.clear();
  }
}

export function createControl(store: SimStore, simulator: Simulator, recorder: CallRecorder): SimControl {
  let fault: SimFault | null = null;
  return {
    tick: () => simulator.tick(),
    changeOrder: (uid, patch) => simulator.changeOrder(uid, patch),
    addOrder: () => wireOrder(store, simulator.addOrder(), store.now()),
    pause: () => simulator.pause(),
    resume: () => simulator.resume(),
    get paused() {
      return simulator.paused;
    },
    setFault(next) {
      fault = typeof next === 'string' ? { kind: next } : next;
    },
    get fault() {
      return fault;
    },
    callCounts: () => recorder.snapshot(),
    resetCallCounts: () => recorder.reset(),
    rowsAsked: () => recorder.rowsAsked(),
    lastBody: (path) => recorder.last(path),
    revokeToken: (token) => store.revokeToken(token),
    restrictInbound(uid, readerEmails) {
      if (!store.inbounds.has(uid)) throw notFound('Inventory receipt', uid);
      if (readerEmails === null) {
        store.inboundReaders.delete(uid);
        return;
      }
      const readers = readerEmails.map((email, i) => {
        const user = store.users.find((u) => u.email === email);
        if (!user) throw fieldError(`readers.${i}`, `no demo user has the e-mail "${email}"`);
        return user.uid;
      });
      store.inboundReaders.set(uid, new Set(readers));
    },
  };
}
