import { changeInboundStatusInputSchema, inboundUidInputSchema } from '@waybill/contracts';
import { inboundsList } from '../live-lists/inbounds.js';
import { exportProcedures } from '../realtime/export-procedures.js';
import { authedProcedure, router } from '../trpc.js';

// Answers are validated once, by BackendClient against the route's schema.
export const inboundsRouter = router({
  ...inboundsList.procedures,

  detail: authedProcedure
    .input(inboundUidInputSchema)
    .query(({ ctx, input, signal }) =>
      ctx.services.backend.call('inbounds.detail', { token: ctx.token, params: { uid: input.uid }, signal }),
    ),

  changeStatus: authedProcedure.input(changeInboundStatusInputSchema).mutation(({ ctx, input, signal }) =>
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
  export: router(exportProcedures),
});
