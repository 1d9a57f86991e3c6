import { TRPCError } from '@trpc/server';
import {
  type BulkItemError,
  type BulkItemResult,
  type BulkOrderAction,
  bulkOrdersInputSchema,
  type Order,
} from '@waybill/contracts';
import type { Context } from '../context.js';
import { authedProcedure } from '../trpc.js';

/**
 * Backend calls one bulk action runs at a time. The fair scheduler still bounds the session's calls
 * (BACKEND_SESSION_CONCURRENCY), so a bulk action never crowds out other users.
 */
export const BULK_CONCURRENCY = 4;

/** A failed call's tRPC code as the per-item error the console maps to its own words. */
function itemError(error: unknown): BulkItemError {
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
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

type Services = Context['services'];

function runOne(
  services: Services,
  token: string,
  action: BulkOrderAction,
  uid: string,
  signal: AbortSignal | undefined,
) {
  if (action.kind === 'status') {
    return services.backend.call('orders.changeStatus', {
      token,
      body: { status: action.status, order_uid: uid, happened_at: action.happenedAt },
      signal,
    });
  }
  return services.backend.call('orders.addComment', {
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

/**
 * orders.bulk: one status change (with its date) or the same comment on up to BULK_MAX_ORDERS orders,
 * BULK_CONCURRENCY backend calls at a time. Answers per order, in the order asked; a failed order
 * carries an error code, never the backend's text (the detail goes to the log).
 */
export const bulkProcedure = authedProcedure
  .input(bulkOrdersInputSchema)
  .mutation(async ({ ctx, input, signal }): Promise<{ results: BulkItemResult[] }> => {
    const max = ctx.services.config.BULK_MAX_ORDERS;
    const uids = [...new Set(input.orderUids)];
    if (uids.length > max) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `A bulk action takes at most ${max} orders (BULK_MAX_ORDERS); ${uids.length} were sent`,
      });
    }
    // A comment on N orders is N comments against the user's COMMENT_RATE_MAX, refused whole.
    if (input.action.kind === 'comment') {
      const user = await ctx.services.reference.user(ctx.token);
      await ctx.services.commentRate.take(user.uid, uids.length);
    }
    const changed: Order[] = [];
    const results = await mapBounded(uids, BULK_CONCURRENCY, async (uid): Promise<BulkItemResult> => {
      if (signal?.aborted) return { uid, ok: false, error: 'failed' };
      try {
        changed.push((await runOne(ctx.services, ctx.token, input.action, uid, signal)).order);
        return { uid, ok: true, error: null };
      } catch (error) {
        ctx.services.logger.warn({ err: error, uid, action: input.action.kind }, 'bulk item failed');
        return { uid, ok: false, error: itemError(error) };
      }
    });
    // Own-write fast path: the answer names no orders, so every changed one goes out as one event.
    const { action } = input;
    await ctx.services.realtime.ownWrites.publish({
      token: ctx.token,
      what: action.kind === 'status' ? { kind: 'status', status: action.status } : { kind: 'comment' },
      orders: changed,
    });
    return { results };
  });
