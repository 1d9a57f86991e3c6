import { noInputSchema } from '@waybill/contracts';
import { authedProcedure, router } from '../trpc.js';

/**
 * Reference lists, cached on the gateway (see ReferenceCache for how they are shared). The cache
 * holds answers BackendClient validated against the route's schema, so they are not checked again.
 */
export const referenceRouter = router({
  organizations: authedProcedure
    .input(noInputSchema)
    .query(({ ctx }) => ctx.services.reference.organizations(ctx.token)),
  sellingChannels: authedProcedure
    .input(noInputSchema)
    .query(({ ctx }) => ctx.services.reference.sellingChannels(ctx.token)),
  fulfillmentCenters: authedProcedure
    .input(noInputSchema)
    .query(({ ctx }) => ctx.services.reference.fulfillmentCenters(ctx.token)),
});
