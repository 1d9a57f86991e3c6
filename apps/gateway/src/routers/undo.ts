import { TRPCError } from '@trpc/server';
import {
  bulkOrdersInputSchema,
  type ConflictExpected,
  changeOrderStatusInputSchema,
  type Order,
  type OrderModalAction,
  orderActionUnavailable,
  pendingActionIdInputSchema,
  reissueLabelInputSchema,
  statusActionOf,
} from '@waybill/contracts';
import { newBulkJobId } from '../bulk/bulk-jobs.js';
import { assertReissueParcels } from '../console/console-settings.js';
import type { Context } from '../context.js';
import { authedProcedure, router } from '../trpc.js';
import type { PendingWork } from '../undo/pending-action-store.js';
import { startWithinBulkCap } from './orders-bulk.js';

async function hold(ctx: Context & { token: string }, work: PendingWork) {
  const user = await ctx.services.reference.user(ctx.token);
  return ctx.services.pendingActions.hold({ ownerUid: user.uid, token: ctx.token, work });
}

/**
 * The order as it is now, read once before an action is held: the conflict warning rule with
 * `expected` (which reads it anyway), its reference for the owner's words if the backend later
 * refuses it, and a refusal at once when a colleague's change since rules the action out (the
 * console would otherwise say "sent in 10 s" for a change the backend will refuse).
 */
async function orderBeforeHolding(
  ctx: Context & { token: string },
  input: { orderUid: string; expected?: ConflictExpected | undefined },
  action: OrderModalAction | null,
  signal: AbortSignal | undefined,
): Promise<Order> {
  const { ownWrites } = ctx.services.realtime;
  const read = await ownWrites.assertUnchanged({
    token: ctx.token,
    orderUid: input.orderUid,
    expected: input.expected,
    ...(signal ? { signal } : {}),
  });
  const order =
    read ??
    (
      await ctx.services.backend.call('orders.detail', {
        token: ctx.token,
        params: { uid: input.orderUid },
        ...(signal ? { signal } : {}),
      })
    ).order;
  if (!action) return order;
  const warehouse =
    action === 'reissueAwb'
      ? (await ctx.services.reference.fulfillmentCenters(ctx.token)).fulfillment_centers.find(
          (f) => f.uid === order.fulfillment_center_uid,
        )
      : null;
  const unavailable = orderActionUnavailable(action, order, warehouse);
  if (unavailable) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: unavailable });
  return order;
}

/**
 * The console's undoable writes: each is checked as its immediate form (orders.changeStatus,
 * orders.reissueLabel, orders.bulkStart) checks it, then held for UNDO_WINDOW_MS and only then sent
 * to the backend (src/undo). Until then nobody else sees it, and `undo` cancels it.
 */
export const undoRouter = router({
  changeStatus: authedProcedure
    .input(changeOrderStatusInputSchema)
    .mutation(async ({ ctx, input, signal }) => {
      // The conflict warning at save time, as orders.changeStatus gives it; checked again when sent.
      const order = await orderBeforeHolding(ctx, input, statusActionOf(input.status), signal);
      return hold(ctx, { kind: 'status', input, reference: order.reference ?? null });
    }),

  reissueLabel: authedProcedure.input(reissueLabelInputSchema).mutation(async ({ ctx, input, signal }) => {
    assertReissueParcels(ctx.services.config, input.numberOfParcels);
    const order = await orderBeforeHolding(ctx, input, 'reissueAwb', signal);
    return hold(ctx, { kind: 'reissue', input, reference: order.reference ?? null });
  }),

  bulkStart: authedProcedure.input(bulkOrdersInputSchema).mutation(async ({ ctx, input }) =>
    // Held runs count against BULK_JOBS_RUNNING_PER_USER too: admitted and held as one step per user.
    startWithinBulkCap(ctx, input, ({ uids }) =>
      hold(ctx, {
        kind: 'bulk',
        jobId: newBulkJobId(),
        action: input.action,
        uids,
        ...(input.expected ? { expected: input.expected } : {}),
      }),
    ),
  ),

  /** Cancels one of the caller's held actions: `undone`, or `too_late` once it was sent (or is not theirs). */
  undo: authedProcedure.input(pendingActionIdInputSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.reference.user(ctx.token);
    return { outcome: await ctx.services.pendingActions.undo(user.uid, input.actionId) };
  }),
});
