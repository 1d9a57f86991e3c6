import {
  changeInboundStatusInputSchema,
  inboundDetailResponseSchema,
  inboundResponseSchema,
  inboundsSearchResponseSchema,
  inboundUidInputSchema,
  toInboundsSearchBody,
} from '@waybill/contracts';
import { effectiveWindow, inboundsSearchInputSchema } from '../list-inputs.js';
import { exportProcedures, inboundsLive } from '../realtime/procedures.js';
import { authedProcedure, router } from '../trpc.js';

export const inboundsRouter = router({
  search: authedProcedure
    .input(inboundsSearchInputSchema)
    .output(inboundsSearchResponseSchema)
    .query(({ ctx, input, signal }) =>
      ctx.services.backend.call('inbounds.search', {
        token: ctx.token,
        body: toInboundsSearchBody(input.filter, effectiveWindow(input)),
        signal,
      }),
    ),

  detail: authedProcedure
    .input(inboundUidInputSchema)
    .output(inboundDetailResponseSchema)
    .query(({ ctx, input, signal }) =>
      ctx.services.backend.call('inbounds.detail', { token: ctx.token, params: { uid: input.uid }, signal }),
    ),

  changeStatus: authedProcedure
    .input(changeInboundStatusInputSchema)
    .output(inboundResponseSchema)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.backend.call('inbounds.changeStatus', {
        token: ctx.token,
        body: {
          status: input.status,
          inventory_receipt_uid: input.inboundUid,
          happened_at: input.happenedAt,
        },
        signal,
      }),
    ),
  live: inboundsLive,
  export: router(exportProcedures),
});
