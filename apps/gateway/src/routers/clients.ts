import { analyticsSearchResponseSchema, toAnalyticsSearchBody } from '@waybill/contracts';
import { clientsSearchInputSchema, effectiveWindow } from '../list-inputs.js';
import { clientsLive } from '../realtime/procedures.js';
import { authedProcedure, router } from '../trpc.js';

export const clientsRouter = router({
  search: authedProcedure
    .input(clientsSearchInputSchema)
    .output(analyticsSearchResponseSchema)
    .query(({ ctx, input, signal }) =>
      ctx.services.backend.call('analytics.search', {
        token: ctx.token,
        body: toAnalyticsSearchBody(input.filter, effectiveWindow(input), new Date()),
        signal,
      }),
    ),
  live: clientsLive,
});
