import { noInputSchema } from '@waybill/contracts';
import { authedProcedure, router } from '../trpc.js';

// Answers are validated once, by BackendClient against the route's schema.
export const usersRouter = router({
  me: authedProcedure
    .input(noInputSchema)
    .query(({ ctx, signal }) => ctx.services.backend.call('users.me', { token: ctx.token, signal })),
  all: authedProcedure
    .input(noInputSchema)
    .query(({ ctx, signal }) => ctx.services.backend.call('users.all', { token: ctx.token, signal })),
});
