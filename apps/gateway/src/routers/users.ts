import { usersAllResponseSchema, usersMeResponseSchema } from '@waybill/contracts';
import { authedProcedure, router } from '../trpc.js';

export const usersRouter = router({
  me: authedProcedure
    .output(usersMeResponseSchema)
    .query(({ ctx, signal }) => ctx.services.backend.call('users.me', { token: ctx.token, signal })),
  all: authedProcedure
    .output(usersAllResponseSchema)
    .query(({ ctx, signal }) => ctx.services.backend.call('users.all', { token: ctx.token, signal })),
});
