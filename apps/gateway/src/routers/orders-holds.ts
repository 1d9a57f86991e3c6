import { TRPCError } from '@trpc/server';
import { releaseOrderInputSchema, takeOrderInputSchema } from '@waybill/contracts';
import { HoldConflictError } from '../team/holds.js';
import { recordAs } from '../team/record.js';
import { authedProcedure } from '../trpc.js';

const conflict = (error: HoldConflictError) =>
  new TRPCError({ code: 'CONFLICT', message: `${error.hold.holder.name} holds this order`, cause: error });

/**
 * orders.take: the caller holds the order (shown on everyone's lists). Held by someone else, it is
 * CONFLICT naming them unless `force` (the console asks first). Nothing reaches the backend.
 */
export const takeProcedure = authedProcedure
  .input(takeOrderInputSchema)
  .mutation(async ({ ctx, input, signal }) => {
    const { collaboration, team } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    try {
      const { hold } = await team.holds.take(person, input.uid, input.force ?? false);
      await recordAs(ctx.services, person, [{ orderUid: input.uid, action: 'take' }]);
      return { hold };
    } catch (error) {
      if (error instanceof HoldConflictError) throw conflict(error);
      throw error;
    }
  });

/** orders.release: ends the caller's hold; CONFLICT naming the holder when it is someone else's. */
export const releaseProcedure = authedProcedure
  .input(releaseOrderInputSchema)
  .mutation(async ({ ctx, input, signal }) => {
    const { collaboration, team } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    try {
      const released = await team.holds.release(person, input.uid);
      if (released) await recordAs(ctx.services, person, [{ orderUid: input.uid, action: 'release' }]);
      return { released: released !== null };
    } catch (error) {
      if (error instanceof HoldConflictError) throw conflict(error);
      throw error;
    }
  });
