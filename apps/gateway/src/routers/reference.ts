import {
  fulfillmentCentersResponseSchema,
  organizationsResponseSchema,
  sellingChannelsResponseSchema,
} from '@waybill/contracts';
import { authedProcedure, router } from '../trpc.js';

/** Reference lists, cached on the gateway (see ReferenceCache for how they are shared). */
export const referenceRouter = router({
  organizations: authedProcedure
    .output(organizationsResponseSchema)
    .query(({ ctx }) => ctx.services.reference.organizations(ctx.token)),
  sellingChannels: authedProcedure
    .output(sellingChannelsResponseSchema)
    .query(({ ctx }) => ctx.services.reference.sellingChannels(ctx.token)),
  fulfillmentCenters: authedProcedure
    .output(fulfillmentCentersResponseSchema)
    .query(({ ctx }) => ctx.services.reference.fulfillmentCenters(ctx.token)),
});
