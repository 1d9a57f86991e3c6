import {
  addCommentInputSchema,
  changeOrderStatusInputSchema,
  ESCALATION_MINUTES,
  invalidAddressCreateInputSchema,
  invalidAddressInterruptInputSchema,
  markSeenInputSchema,
  orderStatisticsSchema,
  orderUidInputSchema,
  reissueLabelInputSchema,
  toOrdersSearchBody,
} from '@waybill/contracts';
import { fetchOrderStatistics } from '../backend/order-statistics.js';
import { assertAdvancedCommentUser, assertReissueParcels } from '../console/console-settings.js';
import { effectiveWindow, ordersSearchInputSchema } from '../list-inputs.js';
import { detailLiveProcedure } from '../live-lists/order-detail-live.js';
import { ordersList } from '../live-lists/orders.js';
import { notifyCommentMentions } from '../notifications/mentions.js';
import { commentRecords, recordActivity, statusRecord } from '../team/record.js';
import { authedProcedure, router } from '../trpc.js';
import { bulkJobProcedure, bulkJobsProcedure, bulkProcedure, bulkStartProcedure } from './orders-bulk.js';
import { releaseProcedure, takeProcedure } from './orders-holds.js';

// Answers are validated once, by BackendClient against the route's schema; `.output()` stays only
// where a procedure reshapes them.

const commentsRouter = router({
  // The text's length is the input schema's (COMMENT_MAX_LENGTH); the user's pace is COMMENT_RATE_MAX.
  add: authedProcedure.input(addCommentInputSchema).mutation(async ({ ctx, input, signal }) => {
    const user = await ctx.services.reference.user(ctx.token);
    if (input.sendAs !== 'internal_note')
      assertAdvancedCommentUser(ctx.services.config, user, `Sending a comment as ${input.sendAs}`);
    await ctx.services.commentRate.take(user.uid, 1);
    const answer = await ctx.services.backend.call('orders.addComment', {
      token: ctx.token,
      params: { uid: input.orderUid },
      body: {
        text: input.text,
        team: input.team,
        actions: {
          escalate: input.escalate,
          escalate_value: input.escalate ? (input.escalateValue ?? ESCALATION_MINUTES) : null,
          snooze: input.snooze,
          snooze_value: input.snooze ? input.snoozeValue : null,
        },
        communication: { method: input.sendAs },
      },
      signal,
    });
    await recordActivity(
      ctx.services,
      ctx.token,
      commentRecords(input, answer.order.reference ?? null),
      signal,
    );
    await notifyCommentMentions(ctx.services, {
      token: ctx.token,
      author: { uid: user.uid, name: user.name },
      orderUid: input.orderUid,
      reference: answer.order.reference,
      text: input.text,
      signal,
    });
    return answer;
  }),
  markSeen: authedProcedure.input(markSeenInputSchema).mutation(({ ctx, input, signal }) =>
    ctx.services.backend.call('orders.markSeen', {
      token: ctx.token,
      body: { comment_uid: input.commentUid },
      signal,
    }),
  ),
});

const WORKFLOW = 'The invalid-address workflow';

const invalidAddressRouter = router({
  create: authedProcedure.input(invalidAddressCreateInputSchema).mutation(async ({ ctx, input, signal }) => {
    assertAdvancedCommentUser(ctx.services.config, await ctx.services.reference.user(ctx.token), WORKFLOW);
    return ctx.services.backend.call('orders.invalidAddress.create', {
      token: ctx.token,
      body: { order_uid: input.orderUid },
      signal,
    });
  }),
  interrupt: authedProcedure
    .input(invalidAddressInterruptInputSchema)
    .mutation(async ({ ctx, input, signal }) => {
      assertAdvancedCommentUser(ctx.services.config, await ctx.services.reference.user(ctx.token), WORKFLOW);
      return ctx.services.backend.call('orders.invalidAddress.interrupt', {
        token: ctx.token,
        body: { workflow_uid: input.workflowUid },
        signal,
      });
    }),
});

export const ordersRouter = router({
  // search and filter: rows and a preview of their comments (/orders/search/filter). The console reads
  // the statistics with `statistics`, as the live list does, so search does not also call /orders/search.
  ...ordersList.procedures,
  filter: ordersList.procedures.search,

  statistics: authedProcedure
    .input(ordersSearchInputSchema)
    .output(orderStatisticsSchema)
    .query(({ ctx, input, signal }) => {
      const body = toOrdersSearchBody(input.filter, effectiveWindow(input), ctx.services.config.MANAGED_BY);
      return fetchOrderStatistics(ctx.services.backend, ctx.token, body, signal);
    }),

  detail: authedProcedure
    .input(orderUidInputSchema)
    .query(({ ctx, input, signal }) =>
      ctx.services.backend.call('orders.detail', { token: ctx.token, params: { uid: input.uid }, signal }),
    ),
  // An open detail kept live: one backend detail call per change of the order, whatever the viewers.
  detailLive: detailLiveProcedure,

  // With `expected`, CONFLICT when someone changed the order since the modal opened (conflict warning rule).
  changeStatus: authedProcedure
    .input(changeOrderStatusInputSchema)
    .mutation(async ({ ctx, input, signal }) => {
      const { orderUid: uid, expected } = input;
      await ctx.services.realtime.ownWrites.assertUnchanged({
        token: ctx.token,
        orderUid: uid,
        expected,
        signal,
      });
      const answer = await ctx.services.backend.call('orders.changeStatus', {
        token: ctx.token,
        body: { status: input.status, order_uid: input.orderUid, happened_at: input.happenedAt },
        signal,
      });
      await recordActivity(
        ctx.services,
        ctx.token,
        [statusRecord(answer.order, input.status, input.happenedAt)],
        signal,
      );
      return answer;
    }),

  reissueLabel: authedProcedure.input(reissueLabelInputSchema).mutation(async ({ ctx, input, signal }) => {
    const { orderUid: uid, expected } = input;
    assertReissueParcels(ctx.services.config, input.numberOfParcels);
    await ctx.services.realtime.ownWrites.assertUnchanged({
      token: ctx.token,
      orderUid: uid,
      expected,
      signal,
    });
    const answer = await ctx.services.backend.call('orders.reissueLabel', {
      token: ctx.token,
      body: { order_uid: input.orderUid, number_of_parcels: input.numberOfParcels },
      signal,
    });
    await recordActivity(
      ctx.services,
      ctx.token,
      [
        {
          orderUid: input.orderUid,
          reference: answer.order.reference ?? null,
          action: 'reissue',
          detail: `${input.numberOfParcels} parcels`,
        },
      ],
      signal,
    );
    return answer;
  }),

  // One status change or comment on many orders, answered per order (orders-bulk.ts).
  bulk: bulkProcedure,
  // The same as a job on the gateway, which outlives the request and is listed for the header tray.
  bulkStart: bulkStartProcedure,
  bulkJobs: bulkJobsProcedure,
  bulkJob: bulkJobProcedure,

  // Holds: who is on the order, kept at the gateway (src/team).
  take: takeProcedure,
  release: releaseProcedure,

  comments: commentsRouter,
  invalidAddress: invalidAddressRouter,
});
