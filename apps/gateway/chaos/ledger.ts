import type { RunningSim } from '@waybill/backend-sim';
import { type ScriptClient, versionKey } from './script-clients.js';

/** A change the scenario made at the backend: the order's new version. */
export interface Change {
  uid: string;
  updatedAt: string;
  step: string;
}

/**
 * The changes the scenario makes through backend-sim, over a pool of orders every client lists. An
 * order changes again only after the pool has gone round, so each version stays on screen long
 * enough to be seen: a version replaced before it could arrive is not counted as lost.
 */
export class Ledger {
  readonly changes: Change[] = [];
  private next = 0;

  constructor(
    private readonly sim: RunningSim,
    private readonly pool: readonly string[],
  ) {
    if (pool.length < 8)
      throw new Error(`only ${pool.length} orders are listed by every client; 8 are needed`);
  }

  /** One change: the order's version moves on, its status and lateness stay (it stays listed). */
  change(step: string): Change {
    const uid = this.pool[this.next++ % this.pool.length]!;
    const late = this.sim.store.orders.get(uid)?.late ?? false;
    const order = this.sim.control.changeOrder(uid, { late });
    const made = { uid, updatedAt: order.updated_at, step };
    this.changes.push(made);
    return made;
  }

  /** The newest version of each changed order: what a current screen shows. */
  latest(): Change[] {
    const byUid = new Map<string, Change>();
    for (const change of this.changes) byUid.set(change.uid, change);
    return [...byUid.values()];
  }

  /** Every change's newest version has reached `client`. */
  current(client: ScriptClient): boolean {
    return this.latest().every((c) => client.arrivals.has(versionKey(c.uid, c.updatedAt)));
  }

  /** Changes that never reached `client`. */
  lost(client: ScriptClient): Change[] {
    return this.changes.filter((c) => !client.arrivals.has(versionKey(c.uid, c.updatedAt)));
  }

  /** Versions of changed orders that reached `client` more than once, and list messages it got twice. */
  duplicated(client: ScriptClient): number {
    let extra = client.repeatedIds.length;
    for (const change of this.changes)
      extra += Math.max(0, (client.arrivals.get(versionKey(change.uid, change.updatedAt))?.length ?? 0) - 1);
    return extra;
  }
}
