import { TRPCError } from '@trpc/server';
import { releaseOrderInputSchema, takeOrderInputSchema } from '@waybill/contracts';
import { HoldConflictError } from '../team/holds.js';
import { recordAs } from '../team/record.js';
import { authedProcedure } from '../trpc.js';

const conflict = (error: HoldConflictError) =>
  new TRPCError({ code: 'CONFLICT', message: `${error.hold.holder.name} holds this order`, cause: error });

/**
 * orders.take: the caller holds the order (shown on everyone's lists). Held by someone else, it is
 * CONFLICT naming them unless `force` (the console asks first). Only an order the caller can open
 * (asked of the backend once, then remembered a while), and within HOLDS_MAX_PER_USER and
 * HOLD_RATE_MAX; taking again an order one holds already keeps it without a new activity entry.
 */
export const takeProcedure = authedProcedure
  .input(takeOrderInputSchema)
  .mutation(async ({ ctx, input, signal }) => {
    const { collaboration, team, holdLimits } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    await holdLimits.countAction(person.uid);
    await collaboration.orderAccess.check(ctx.token, input.uid);
    holdLimits.assertRoomFor(person.uid, input.uid, await team.holds.list());
    try {
      const { hold, heldAlready } = await team.holds.take(person, input.uid, input.force ?? false);
      if (!heldAlready) await recordAs(ctx.services, person, [{ orderUid: input.uid, action: 'take' }]);
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
    const { collaboration, team, holdLimits } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    await holdLimits.countAction(person.uid);
    try {
      const released = await team.holds.release(person, input.uid);
      if (released) await recordAs(ctx.services, person, [{ orderUid: input.uid, action: 'release' }]);
      return { released: released !== null };
    } catch (error) {
      if (error instanceof HoldConflictError) throw conflict(error);
      throw error;
    }
  });
