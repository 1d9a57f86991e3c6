import { tracked } from '@trpc/server';
import { followInputSchema, followingInputSchema, markReadInputSchema } from '@waybill/contracts';
import { z } from 'zod';
import { FollowLimitError } from '../notifications/notification-store.js';
import { seenOf } from '../notifications/notifier.js';
import { changes } from '../presence/changes.js';
import { hashOf } from '../presence/identity.js';
import { limitRefusal } from '../security/limit-reached.js';
import { authedProcedure, router } from '../trpc.js';

const liveInputSchema = z.strictObject({ lastEventId: z.string().max(100).nullish() }).optional();

export const notificationsRouter = router({
  /**
   * The caller's notification centre: the whole of it now and on every change (new notification,
   * read marks from any tab or replica). Tracked by a hash of its content: a reconnect that already
   * has the newest state gets nothing until the next change. Opening it also puts the caller on
   * their team's roster, so comments escalated to that team reach them.
   */
  live: authedProcedure.input(liveInputSchema).subscription(async function* ({ ctx, input, signal }) {
    const { collaboration } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    await collaboration.notifications.joinTeam(person.uid, person.team);
    let last = input?.lastEventId ?? '';
    const mine = (wake: () => void) =>
      collaboration.notifications.onUpdate((userUid) => {
        if (userUid === person.uid) wake();
      });
    for await (const _ of changes(mine, signal, 0)) {
      const state = await collaboration.notifications.state(person.uid);
      const id = hashOf(JSON.stringify(state)).slice(0, 16);
      if (id === last) continue;
      last = id;
      yield tracked(id, state);
    }
  }),
  /**
   * Follows (or unfollows) an order the caller can read: its changes become notifications. Follows,
   * unfollows and read marks count against NOTIFICATION_RATE_MAX per person.
   */
  follow: authedProcedure.input(followInputSchema).mutation(async ({ ctx, input, signal }) => {
    const { collaboration, backend } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    await ctx.services.notificationRate.count(person.uid);
    if (input.follow) {
      // Reading the order as the caller proves they may see it, and is what the next change is compared with.
      const detail = await backend.call('orders.detail', {
        token: ctx.token,
        params: { uid: input.orderUid },
        signal,
      });
      try {
        await collaboration.notifications.follow(person.uid, input.orderUid, true, collaboration.maxFollows);
      } catch (error) {
        if (error instanceof FollowLimitError)
          throw limitRefusal('TOO_MANY_REQUESTS', 'FOLLOWS_PER_USER', error.message);
        throw error;
      }
      await collaboration.notifications.setSeen(input.orderUid, seenOf(detail.order));
    } else
      await collaboration.notifications.follow(person.uid, input.orderUid, false, collaboration.maxFollows);
    return { following: input.follow };
  }),
  following: authedProcedure.input(followingInputSchema).query(async ({ ctx, input, signal }) => {
    const { collaboration } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    return { following: await collaboration.notifications.isFollowing(person.uid, input.orderUid) };
  }),
  markRead: authedProcedure.input(markReadInputSchema).mutation(async ({ ctx, input, signal }) => {
    const { collaboration } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    await ctx.services.notificationRate.count(person.uid);
    await collaboration.notifications.markRead(person.uid, input.ids);
    return { ok: true as const };
  }),
  markAllRead: authedProcedure.mutation(async ({ ctx, signal }) => {
    const { collaboration } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    await ctx.services.notificationRate.count(person.uid);
    await collaboration.notifications.markRead(person.uid, 'all');
    return { ok: true as const };
  }),
});
