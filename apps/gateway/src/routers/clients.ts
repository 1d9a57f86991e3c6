import { noInputSchema } from '@waybill/contracts';
import { cachedStoreHealth } from '../clients/store-health.js';
import { clientsList } from '../live-lists/clients.js';
import { authedProcedure, router } from '../trpc.js';

export const clientsRouter = router({
  ...clientsList.procedures,
  /** Connected stores needing attention (store health), for the clients screen and scripts. */
  health: authedProcedure
    .input(noInputSchema)
    .query(({ ctx }) => cachedStoreHealth(ctx.services.backend, ctx.token)),
});
