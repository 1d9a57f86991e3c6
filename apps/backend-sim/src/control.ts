import type { Order } from '@waybill/contracts';
import type { OrderPatch, Simulator, TickResult } from './simulator.js';
import type { SimStore } from './store.js';
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
  /** The last request body the sim received on a path (undefined if none). */
  lastBody(path: string): unknown;
}

export class CallRecorder {
  private counts = new Map<string, number>();
  private bodies = new Map<string, unknown>();

  count(path: string): void {
    this.counts.set(path, (this.counts.get(path) ?? 0) + 1);
  }

  body(path: string, body: unknown): void {
    this.bodies.set(path, body);
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
    lastBody: (path) => recorder.last(path),
  };
}
