import { MAX_PAGE_SIZE } from '@waybill/contracts';
import type { WaybillClient } from '../index.js';
import { liveList } from '../live-list.js';
import { RequestTimeoutError } from '../request-guard.js';
import { usageError } from './errors.js';
import { type OrdersSearchOptions, ordersFilterFromFlags } from './orders-commands.js';

/** What one changed order prints: one JSON line. */
export interface OrderChangeLine {
  /** `added`: entered the watched orders; `changed`: its status or updated_at moved; `removed`: left them. */
  change: 'added' | 'changed' | 'removed';
  uid: string;
  reference: string | null;
  status: string | null;
  updated_at: string | null;
}

interface Watched {
  uid: string;
  reference?: string | null;
  updated_at?: string | null;
  aggregated_status?: { key?: string | null } | null;
}

function lineOf(change: OrderChangeLine['change'], order: Watched): OrderChangeLine {
  return {
    change,
    uid: order.uid,
    reference: order.reference ?? null,
    status: order.aggregated_status?.key ?? null,
    updated_at: order.updated_at ?? null,
  };
}

/**
 * The changes between two states of the watched orders, one per order. Diffing states (rather than
 * printing each patch) is what makes a resume exact: after a reconnect the gateway replays the
 * missed patches or sends a fresh snapshot, and either way only what differs from what was already
 * printed comes out, never twice, never missed.
 */
export function orderChanges(
  before: ReadonlyMap<string, Watched>,
  after: readonly Watched[],
): OrderChangeLine[] {
  const lines: OrderChangeLine[] = [];
  const seen = new Set<string>();
  for (const order of after) {
    seen.add(order.uid);
    const had = before.get(order.uid);
    if (!had) lines.push(lineOf('added', order));
    else if (
      had.updated_at !== order.updated_at ||
      had.aggregated_status?.key !== order.aggregated_status?.key
    )
      lines.push(lineOf('changed', order));
  }
  for (const [uid, order] of before) if (!seen.has(uid)) lines.push(lineOf('removed', order));
  return lines;
}

export function parseWatchLimit(value: string | undefined): number {
  if (value === undefined) return MAX_PAGE_SIZE;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_PAGE_SIZE)
    throw usageError(`--limit must be a whole number from 1 to ${MAX_PAGE_SIZE} (got "${value}")`);
  return limit;
}

export interface WatchBounds {
  /** Stops the watch (Ctrl-C, SIGTERM, stdout closed). */
  signal: AbortSignal;
  /**
   * How long the first state may take. The websocket retries a gateway it cannot reach forever,
   * which is right for a resume after a drop but leaves a first connection that never comes silent.
   */
  firstStateWithinMs: number;
}

/**
 * Follows the orders matching the flags (the first `limit` of them, at most one page, in the
 * console's order) and writes one JSON line per changed order to `write`, until `signal` aborts.
 * The first state is not printed: `ready` is told how many orders are watched. Throws
 * RequestTimeoutError when no first state came in time.
 */
export async function watchOrders(
  client: WaybillClient,
  flags: OrdersSearchOptions,
  limit: number,
  write: (line: OrderChangeLine) => void,
  ready: (count: number) => void,
  { signal, firstStateWithinMs }: WatchBounds,
): Promise<void> {
  const filter = ordersFilterFromFlags(flags);
  const gaveUp = new AbortController();
  const timer = setTimeout(() => gaveUp.abort(), firstStateWithinMs);
  const until = AbortSignal.any([signal, gaveUp.signal]);
  let known: Map<string, Watched> | null = null;
  try {
    const window = { skip: 0, limit };
    for await (const state of liveList(client, 'orders', { filter, window }, { signal: until })) {
      clearTimeout(timer);
      const rows = state.rows as Watched[];
      if (known) for (const line of orderChanges(known, rows)) write(line);
      else ready(rows.length);
      known = new Map(rows.map((row) => [row.uid, row]));
    }
  } finally {
    clearTimeout(timer);
  }
  if (known === null && gaveUp.signal.aborted && !signal.aborted)
    throw new RequestTimeoutError(firstStateWithinMs);
}
