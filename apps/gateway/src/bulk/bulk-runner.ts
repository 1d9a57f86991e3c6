import { TRPCError } from '@trpc/server';
import type {
  BulkExpected,
  BulkItemError,
  BulkItemResult,
  BulkOrderAction,
  ConflictExpected,
  Order,
} from '@waybill/contracts';
import { OrderConflictError, type OwnWrites } from '../realtime/own-writes.js';
import type { Services } from '../services.js';

/**
 * Backend calls one bulk action runs at a time. The fair scheduler still bounds the session's calls
 * (BACKEND_SESSION_CONCURRENCY), so a bulk action never crowds out other users.
 */
export const BULK_CONCURRENCY = 4;

/** A failed call's tRPC code as the per-item error the console maps to its own words. */
export function itemError(error: unknown): BulkItemError {
  const code = error instanceof TRPCError ? error.code : null;
  if (code === 'NOT_FOUND') return 'not_found';
  if (code === 'BAD_REQUEST' || code === 'CONFLICT') return 'rejected';
  if (code === 'UNAUTHORIZED' || code === 'FORBIDDEN') return 'unauthorized';
  if (code === 'BAD_GATEWAY' || code === 'GATEWAY_TIMEOUT' || code === 'TOO_MANY_REQUESTS')
    return 'unavailable';
  return 'failed';
}

/** Runs `task` over `items`, at most `limit` at a time, answers in input order. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export type BulkDeps = Pick<Services, 'backend' | 'logger'> & {
  /** Checks an order against the state the user saw (orders with `expected` only). */
  assertUnchanged?: OwnWrites['assertUnchanged'];
};

/** One order's result, with the order as the backend answered it when it changed. */
export interface BulkItemOutcome {
  result: BulkItemResult;
  order: Order | null;
}

function callOne(
  deps: BulkDeps,
  token: string,
  action: BulkOrderAction,
  uid: string,
  signal: AbortSignal | undefined,
) {
  if (action.kind === 'status') {
    return deps.backend.call('orders.changeStatus', {
      token,
      body: { status: action.status, order_uid: uid, happened_at: action.happenedAt },
      signal,
    });
  }
  return deps.backend.call('orders.addComment', {
    token,
    params: { uid },
    body: {
      text: action.text,
      team: null,
      actions: { escalate: false, escalate_value: null, snooze: false, snooze_value: null },
      communication: { method: 'internal_note' },
    },
    signal,
  });
}

/** The action on one order; a failure carries an error code, never the backend's text (it goes to the log). */
export async function runBulkItem(
  deps: BulkDeps,
  token: string,
  action: BulkOrderAction,
  uid: string,
  signal?: AbortSignal,
  expected?: ConflictExpected,
): Promise<BulkItemOutcome> {
  if (signal?.aborted) return { result: { uid, ok: false, error: 'failed' }, order: null };
  try {
    // Re-read just before the write: an order a colleague changed since the user ticked it is left alone.
    if (expected && deps.assertUnchanged)
      await deps.assertUnchanged({ token, orderUid: uid, expected, ...(signal ? { signal } : {}) });
    const { order } = await callOne(deps, token, action, uid, signal);
    return { result: { uid, ok: true, error: null }, order };
  } catch (error) {
    const conflict =
      error instanceof TRPCError && error.cause instanceof OrderConflictError ? error.cause : null;
    if (conflict)
      return { result: { uid, ok: false, error: 'conflict', conflict: conflict.conflict }, order: null };
    deps.logger.warn({ err: error, uid, action: action.kind }, 'bulk item failed');
    return { result: { uid, ok: false, error: itemError(error) }, order: null };
  }
}

/** The state the user saw of one order, if they sent it: own keys only (an uid may be "constructor"). */
export function expectedFor(expected: BulkExpected | undefined, uid: string): ConflictExpected | undefined {
  return expected && Object.hasOwn(expected, uid) ? expected[uid] : undefined;
}

/** What a bulk action writes, as the own-write fast path words it. */
export function bulkWhat(action: BulkOrderAction) {
  return action.kind === 'status'
    ? ({ kind: 'status', status: action.status } as const)
    : ({ kind: 'comment' } as const);
}
