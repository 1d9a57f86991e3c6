import { TRPCError } from '@trpc/server';
import { type Hold, releaseOrderInputSchema, takeOrderInputSchema } from '@waybill/contracts';
import { newNotificationId } from '../notifications/notifier.js';
import type { Services } from '../services.js';
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
    const { reference } = await collaboration.orderAccess.check(ctx.token, input.uid);
    try {
      // Counted and taken as one step, over every replica: a batch of takes would all pass the count.
      const { hold, previous, heldAlready } = await ctx.services.userLock.run(
        'holds',
        person.uid,
        async () => {
          holdLimits.assertRoomFor(person.uid, input.uid, await team.holds.list());
          return team.holds.take(person, input.uid, input.force ?? false);
        },
      );
      if (!heldAlready) {
        const from = previous ? { detail: previous.holder.name } : {};
        await recordAs(ctx.services, person, [{ orderUid: input.uid, reference, action: 'take', ...from }]);
      }
      if (previous) await tellTakenOver(ctx.services, previous, hold, reference);
      return { hold };
    } catch (error) {
      if (error instanceof HoldConflictError) throw conflict(error);
      throw error;
    }
  });

/** The colleague whose hold was taken over learns it in their notification centre (never fails the take). */
async function tellTakenOver(
  services: Pick<Services, 'collaboration' | 'logger'>,
  previous: Hold,
  hold: Hold,
  reference: string | null,
): Promise<void> {
  try {
    await services.collaboration.notifications.push(previous.holder.uid, {
      id: newNotificationId(),
      kind: 'changed',
      orderUid: hold.orderUid,
      reference,
      text: `${hold.holder.name} took this order over from you`,
      author: { uid: hold.holder.uid, name: hold.holder.name },
      at: Date.now(),
    });
  } catch (error) {
    services.logger.warn({ err: (error as Error).message }, 'the holder of a taken-over order was not told');
  }
}

/** orders.release: ends the caller's hold; CONFLICT naming the holder when it is someone else's. */
export const releaseProcedure = authedProcedure
  .input(releaseOrderInputSchema)
  .mutation(async ({ ctx, input, signal }) => {
    const { collaboration, team, holdLimits } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    await holdLimits.countAction(person.uid);
    try {
      const released = await team.holds.release(person, input.uid);
      if (released) {
        // Named like the take when the order can still be read (remembered a while); a hold on an
        // order the caller can no longer open is released all the same.
        const read = await collaboration.orderAccess.check(ctx.token, input.uid).catch(() => null);
        await recordAs(ctx.services, person, [
          { orderUid: input.uid, reference: read?.reference ?? null, action: 'release' },
        ]);
      }
      return { released: released !== null };
    } catch (error) {
      if (error instanceof HoldConflictError) throw conflict(error);
      throw error;
    }
  });
