import { MAX_PAGE_SIZE } from '@waybill/contracts';
import type { WaybillClient } from '../index.js';
import { type LiveConnectionState, liveList } from '../live-list.js';
import { RequestTimeoutError } from '../request-guard.js';
import { CliError, describeError, usageError } from './errors.js';
import { describeRefusal, dropReason, onSocketRefused, type SocketRefusal } from './live-socket.js';
import { newestRowFrom, type OrderChangeLine, type Watched, WatchedOrders } from './order-changes.js';
import { type OrdersSearchOptions, ordersFilterFromFlags } from './orders-commands.js';

export function parseWatchLimit(value: string | undefined): number {
  if (value === undefined) return MAX_PAGE_SIZE;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_PAGE_SIZE)
    throw usageError(`--limit must be a whole number from 1 to ${MAX_PAGE_SIZE} (got "${value}")`);
  return limit;
}

export interface WatchOutput {
  /** One changed order. */
  write(line: OrderChangeLine): void;
  /** The first state came: how many orders are watched. */
  ready(count: number): void;
  /** A line for stderr: live updates paused or resumed. */
  notice(text: string): void;
}

export interface WatchBounds {
  /** The gateway, as notices name it. */
  url: string;
  /** Stops the watch (Ctrl-C, SIGTERM, stdout closed). */
  signal: AbortSignal;
  /**
   * How long the first state may take. The websocket retries a gateway it cannot reach forever,
   * which is right for a resume after a drop but leaves a first connection that never comes silent.
   */
  firstStateWithinMs: number;
}

function clock(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 8);
}

/**
 * One stderr line when the printed changes stop being live (the backend not answering, the gateway
 * out of reach or refusing), and one when they are again: a reader can tell "no changes" from "stale".
 */
function healthNotices(notice: (text: string) => void, url: string) {
  let stale: 'backend' | 'gateway' | null = null;
  let freshAt = Date.now();
  const paused = (why: string, dataAt: number) =>
    notice(`waybill: live updates paused: ${why}; data from ${clock(dataAt)}`);
  return {
    dropped(error: unknown) {
      if (stale === 'gateway') return;
      stale = 'gateway';
      paused(`cannot reach the gateway at ${url}${dropReason(error)}, trying again`, freshAt);
    },
    refused(refusal: SocketRefusal) {
      if (stale === 'gateway') return;
      stale = 'gateway';
      paused(`the gateway refused the live connection (${refusal.reason}), trying again`, freshAt);
    },
    state({ paused: backendDown, dataAt }: { paused: boolean; dataAt: number | null }) {
      if (!backendDown) {
        freshAt = Date.now();
        if (stale !== null) notice('waybill: live updates resumed');
        stale = null;
      } else if (stale !== 'backend') {
        stale = 'backend';
        paused('the backend is not answering', dataAt ?? freshAt);
      }
    },
  };
}

/**
 * One stderr line per order that left the window while its newest row cannot be read: its
 * `removed` or `moved-out` line waits for a read that works, and the reader should know it waits.
 */
function undecided(notice: (text: string) => void, url: string) {
  const told = new Set<string>();
  return (uid: string, error: unknown) => {
    if (told.has(uid)) return;
    told.add(uid);
    notice(
      `waybill: order ${uid} left the watched orders, but reading it failed (${describeError(error, url)}); ` +
        'whether it was removed or moved out follows once a read works',
    );
  };
}

/**
 * Follows the orders matching the flags (the first `limit` of them, at most one page, in the
 * console's order) and writes one JSON line per changed order, until `signal` aborts. The first
 * state is not printed: `ready` is told how many orders are watched. Throws RequestTimeoutError
 * when no first state came in time, and the gateway's refusal when it turned the first socket away.
 */
export async function watchOrders(
  client: WaybillClient,
  flags: OrdersSearchOptions,
  limit: number,
  out: WatchOutput,
  { url, signal, firstStateWithinMs }: WatchBounds,
): Promise<void> {
  const filter = ordersFilterFromFlags(flags);
  const gaveUp = new AbortController();
  const timer = setTimeout(() => gaveUp.abort(), firstStateWithinMs);
  const until = AbortSignal.any([signal, gaveUp.signal]);
  const health = healthNotices(out.notice, url);
  const newest = newestRowFrom((uid) => client.orders.detail.query({ uid }), undecided(out.notice, url));
  let watched: WatchedOrders | null = null;
  let refusedFirst: CliError | null = null;
  const stopHearingRefusals = onSocketRefused((refusal) => {
    if (watched) return health.refused(refusal);
    const { message, exitCode } = describeRefusal(refusal);
    refusedFirst = new CliError(message, exitCode);
    gaveUp.abort();
  });
  const onConnectionStateChange = ({ state, error }: LiveConnectionState) => {
    if (watched && state === 'connecting' && error) health.dropped(error);
  };
  try {
    const window = { skip: 0, limit };
    for await (const state of liveList(
      client,
      'orders',
      { filter, window },
      { signal: until, onConnectionStateChange },
    )) {
      clearTimeout(timer);
      const rows = state.rows as Watched[];
      if (watched) for (const line of await watched.next(rows)) out.write(line);
      else {
        watched = new WatchedOrders(rows, filter, newest);
        out.ready(rows.length);
      }
      health.state(state);
    }
  } finally {
    clearTimeout(timer);
    stopHearingRefusals();
  }
  if (refusedFirst) throw refusedFirst;
  if (watched === null && gaveUp.signal.aborted && !signal.aborted)
    throw new RequestTimeoutError(firstStateWithinMs);
}
