import {
  addCommentInputSchema,
  changeOrderStatusInputSchema,
  ESCALATION_MINUTES,
  invalidAddressCreateInputSchema,
  invalidAddressInterruptInputSchema,
  markSeenInputSchema,
  markSeenResponseSchema,
  type OrdersSearchBody,
  orderDetailResponseSchema,
  orderResponseSchema,
  orderStatisticsSchema,
  ordersFilterResponseSchema,
  orderUidInputSchema,
  reissueLabelInputSchema,
  toOrdersSearchBody,
  workflowResponseSchema,
} from '@waybill/contracts';
import type { BackendClient } from '../backend/backend-client.js';
import { fetchOrderStatistics } from '../backend/order-statistics.js';
import { effectiveWindow, ordersSearchInputSchema } from '../list-inputs.js';
import { ordersSearchOutputSchema } from '../outputs.js';
import { ordersLive } from '../realtime/procedures.js';
import { authedProcedure, router } from '../trpc.js';

/** The order list as the UI shows it: orders and statistics (/orders/search) plus comments (/filter). */
export async function fetchOrdersList(
  backend: BackendClient,
  token: string,
  body: OrdersSearchBody,
  signal?: AbortSignal,
) {
  const [search, filtered] = await Promise.all([
    backend.call('orders.search', { token, body, signal }),
    backend.call('orders.search.filter', { token, body, signal }),
  ]);
  return { ...search, comments: filtered.comments };
}

const commentsRouter = router({
  add: authedProcedure
    .input(addCommentInputSchema)
    .output(orderResponseSchema)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.backend.call('orders.addComment', {
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
      }),
    ),
  markSeen: authedProcedure
    .input(markSeenInputSchema)
    .output(markSeenResponseSchema)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.backend.call('orders.markSeen', {
        token: ctx.token,
        body: { comment_uid: input.commentUid },
        signal,
      }),
    ),
});

const invalidAddressRouter = router({
  create: authedProcedure
    .input(invalidAddressCreateInputSchema)
    .output(workflowResponseSchema)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.backend.call('orders.invalidAddress.create', {
        token: ctx.token,
        body: { order_uid: input.orderUid },
        signal,
      }),
    ),
  interrupt: authedProcedure
    .input(invalidAddressInterruptInputSchema)
    .output(workflowResponseSchema)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.backend.call('orders.invalidAddress.interrupt', {
        token: ctx.token,
        body: { workflow_uid: input.workflowUid },
        signal,
      }),
    ),
});

export const ordersRouter = router({
  search: authedProcedure
    .input(ordersSearchInputSchema)
    .output(ordersSearchOutputSchema)
    .query(({ ctx, input, signal }) => {
      const body = toOrdersSearchBody(input.filter, effectiveWindow(input), ctx.services.config.MANAGED_BY);
      return fetchOrdersList(ctx.services.backend, ctx.token, body, signal);
    }),

  statistics: authedProcedure
    .input(ordersSearchInputSchema)
    .output(orderStatisticsSchema)
    .query(({ ctx, input, signal }) => {
      const body = toOrdersSearchBody(input.filter, effectiveWindow(input), ctx.services.config.MANAGED_BY);
      return fetchOrderStatistics(ctx.services.backend, ctx.token, body, signal);
    }),

  filter: authedProcedure
    .input(ordersSearchInputSchema)
    .output(ordersFilterResponseSchema)
    .query(({ ctx, input, signal }) =>
      ctx.services.backend.call('orders.search.filter', {
        token: ctx.token,
        body: toOrdersSearchBody(input.filter, effectiveWindow(input), ctx.services.config.MANAGED_BY),
        signal,
      }),
    ),

  detail: authedProcedure
    .input(orderUidInputSchema)
    .output(orderDetailResponseSchema)
    .query(({ ctx, input, signal }) =>
      ctx.services.backend.call('orders.detail', { token: ctx.token, params: { uid: input.uid }, signal }),
    ),

  changeStatus: authedProcedure
    .input(changeOrderStatusInputSchema)
    .output(orderResponseSchema)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.backend.call('orders.changeStatus', {
        token: ctx.token,
        body: { status: input.status, order_uid: input.orderUid, happened_at: input.happenedAt },
        signal,
      }),
    ),

  reissueLabel: authedProcedure
    .input(reissueLabelInputSchema)
    .output(orderResponseSchema)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.backend.call('orders.reissueLabel', {
        token: ctx.token,
        body: { order_uid: input.orderUid, number_of_parcels: input.numberOfParcels },
        signal,
      }),
    ),

  comments: commentsRouter,
  invalidAddress: invalidAddressRouter,
  live: ordersLive,
});
