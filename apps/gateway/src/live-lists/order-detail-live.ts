import { type BackendResponse, orderUidInputSchema } from '@waybill/contracts';
import { z } from 'zod';
import type { LiveListKind } from '../realtime/index.js';
import { liveProcedure } from './define-live-list.js';

/** What an open order detail holds live: the `orders.detail` answer, as the one list-level field. */
export interface OrderDetailMeta {
  detail: BackendResponse<'orders.detail'>;
}

/**
 * One cohort per order for every viewer (one scope for all users): a change of the order costs one
 * backend detail call whatever the number of viewers. Refreshed with one of its viewers' tokens.
 */
const EVERY_VIEWER = 'order-detail';

export const orderDetailKind: LiveListKind<{ uid: string }, OrderDetailMeta, { uid: string }> = {
  name: 'orderDetail',
  // Cohorts are per order, not per user: they do not count against LIVE_COHORTS_PER_USER.
  perUser: false,
  fetcher: (backend) => (query) => async (token, signal) => ({
    rows: [],
    meta: { detail: await backend.call('orders.detail', { token, params: { uid: query.uid }, signal }) },
  }),
  affectedBy: (order, query) => order.uid === query.uid,
};

/**
 * `orders.detailLive({ uid })`: the order's detail, a snapshot then patches, tracked for resume.
 * Access rule: every viewer first reads the order with their own token, so the backend decides
 * whether they may see it (NOT_FOUND/FORBIDDEN end the subscription); only then do they join the
 * shared cohort. A viewer whose token the backend later refuses is ended by the cohort (UNAUTHORIZED).
 */
export const detailLiveProcedure = liveProcedure
  .input(orderUidInputSchema.extend({ lastEventId: z.string().max(200).nullish() }))
  .subscription(async function* ({ ctx, input, signal }) {
    const { uid, lastEventId } = input;
    await ctx.services.backend.call('orders.detail', { token: ctx.token, params: { uid }, signal });
    yield* ctx.services.realtime
      .list(orderDetailKind)
      .stream(EVERY_VIEWER, { uid }, ctx.token, lastEventId ?? null, signal!, ctx.wire);
  });
