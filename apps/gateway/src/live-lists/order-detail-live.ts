import { type BackendResponse, isProviderManaged, orderUidInputSchema } from '@waybill/contracts';
import { z } from 'zod';
import { ALL_PARTS } from '../realtime/cohort.js';
import type { LiveListKind } from '../realtime/index.js';
import { liveProcedure } from './define-live-list.js';

/** What an open order detail holds live: the `orders.detail` answer, as the one list-level field. */
export interface OrderDetailMeta {
  detail: BackendResponse<'orders.detail'>;
}

/**
 * One cohort per order and backend user: a change of the order costs one backend detail call per
 * user viewing it, whatever the number of their tabs; an order the change poll does not report is
 * re-read every LIST_REFRESH_MS instead. Refreshed with one of that user's tokens, never
 * with another user's (what the backend shows may differ between users).
 */
export interface OrderDetailQuery {
  uid: string;
  /**
   * The order is managed by someone other than this gateway's MANAGED_BY, so the change poll (which
   * asks for its own orders only) never reports it: its cohort re-reads it every LIST_REFRESH_MS.
   */
  unpolled: boolean;
}

export const orderDetailKind: LiveListKind<{ uid: string }, OrderDetailMeta, OrderDetailQuery> = {
  name: 'orderDetail',
  // Not counted against LIVE_COHORTS_PER_USER: the access read below bounds them by what the user
  // may open, and each refreshes only on a change of its own order.
  inCohortQuota: false,
  fetcher: (backend) => (query) => async (token, signal) => ({
    rows: [],
    meta: { detail: await backend.call('orders.detail', { token, params: { uid: query.uid }, signal }) },
  }),
  affectedBy: ({ after }, query) => (after.uid === query.uid ? ALL_PARTS : null),
  timedRefresh: (query) => query.unpolled,
};

/**
 * `orders.detailLive({ uid })`: the order's detail, a snapshot then patches, tracked for resume.
 * Access rule: every viewer first reads the order with their own token, so the backend decides
 * whether they may see it (NOT_FOUND/FORBIDDEN end the subscription); only then do they join their
 * user's cohort. A viewer whose token the backend later refuses is ended (UNAUTHORIZED) within
 * LIVE_TOKEN_CHECK_MS (MemberTokens).
 */
export const detailLiveProcedure = liveProcedure
  .input(orderUidInputSchema.extend({ lastEventId: z.string().max(200).nullish() }))
  .subscription(async function* ({ ctx, input, signal }) {
    const { uid, lastEventId } = input;
    const [read, user] = await Promise.all([
      ctx.services.backend.call('orders.detail', { token: ctx.token, params: { uid }, signal }),
      ctx.services.realtime.tokens.identify(ctx.token),
    ]);
    yield* ctx.services.realtime
      .list(orderDetailKind)
      .stream(
        user,
        { uid, unpolled: !isProviderManaged(read.order, ctx.services.config.MANAGED_BY) },
        ctx.token,
        lastEventId ?? null,
        signal!,
        ctx.wire,
      );
  });
