import {
  bulkOrdersInputSchema,
  changeOrderStatusInputSchema,
  pendingActionIdInputSchema,
  reissueLabelInputSchema,
} from '@waybill/contracts';
import { newBulkJobId } from '../bulk/bulk-jobs.js';
import { assertReissueParcels } from '../console/console-settings.js';
import type { Context } from '../context.js';
import { authedProcedure, router } from '../trpc.js';
import type { PendingWork } from '../undo/pending-action-store.js';
import { admitBulkJob } from './orders-bulk.js';

async function hold(ctx: Context & { token: string }, work: PendingWork) {
  const user = await ctx.services.reference.user(ctx.token);
  return ctx.services.pendingActions.hold({ ownerUid: user.uid, token: ctx.token, work });
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
      const read = await ctx.services.realtime.ownWrites.assertUnchanged({
        token: ctx.token,
        orderUid: input.orderUid,
        expected: input.expected,
        signal,
      });
      return hold(ctx, { kind: 'status', input, reference: read?.reference ?? null });
    }),

  reissueLabel: authedProcedure.input(reissueLabelInputSchema).mutation(async ({ ctx, input, signal }) => {
    assertReissueParcels(ctx.services.config, input.numberOfParcels);
    const read = await ctx.services.realtime.ownWrites.assertUnchanged({
      token: ctx.token,
      orderUid: input.orderUid,
      expected: input.expected,
      signal,
    });
    return hold(ctx, { kind: 'reissue', input, reference: read?.reference ?? null });
  }),

  bulkStart: authedProcedure.input(bulkOrdersInputSchema).mutation(async ({ ctx, input }) => {
    const { uids } = await admitBulkJob(ctx, input);
    return hold(ctx, {
      kind: 'bulk',
      jobId: newBulkJobId(),
      action: input.action,
      uids,
      ...(input.expected ? { expected: input.expected } : {}),
    });
  }),

  /** Cancels one of the caller's held actions: `undone`, or `too_late` once it was sent (or is not theirs). */
  undo: authedProcedure.input(pendingActionIdInputSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.reference.user(ctx.token);
    return { outcome: await ctx.services.pendingActions.undo(user.uid, input.actionId) };
  }),
});
