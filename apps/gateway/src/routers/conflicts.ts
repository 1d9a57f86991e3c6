import { TRPCError } from '@trpc/server';
import { type OrderConflict, orderChangedSinceInputSchema } from '@waybill/contracts';
import { OrderConflictError } from '../realtime/own-writes.js';
import { authedProcedure, router } from '../trpc.js';

/**
 * conflicts.orderChangedSince: who changed an order since a modal opened on it, asked by the open
 * modal as soon as the live row or detail shows a change (the same answer a save would get as its
 * CONFLICT), or null while it is unchanged.
 */
export const conflictsRouter = router({
  orderChangedSince: authedProcedure
    .input(orderChangedSinceInputSchema)
    .query(async ({ ctx, input, signal }): Promise<{ conflict: OrderConflict | null }> => {
      try {
        await ctx.services.realtime.ownWrites.assertUnchanged({
          token: ctx.token,
          orderUid: input.orderUid,
          expected: input.expected,
          signal,
        });
        return { conflict: null };
      } catch (error) {
        if (error instanceof TRPCError && error.cause instanceof OrderConflictError)
          return { conflict: error.cause.conflict };
        throw error;
      }
    }),
});
