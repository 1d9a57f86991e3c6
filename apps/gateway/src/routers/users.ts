import { authedProcedure, router } from '../trpc.js';

// Answers are validated once, by BackendClient against the route's schema.
export const usersRouter = router({
  me: authedProcedure.query(({ ctx, signal }) =>
    ctx.services.backend.call('users.me', { token: ctx.token, signal }),
  ),
  all: authedProcedure.query(({ ctx, signal }) =>
    ctx.services.backend.call('users.all', { token: ctx.token, signal }),
  ),
});
