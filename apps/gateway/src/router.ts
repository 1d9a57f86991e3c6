import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { authRouter } from './routers/auth.js';
import { clientsRouter } from './routers/clients.js';
import { inboundsRouter } from './routers/inbounds.js';
import { notificationsRouter } from './routers/notifications.js';
import { ordersRouter } from './routers/orders.js';
import { presenceRouter } from './routers/presence.js';
import { referenceRouter } from './routers/reference.js';
import { usersRouter } from './routers/users.js';
import { router } from './trpc.js';

/** The whole procedure map. Importing this module has no side effects. */
export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  reference: referenceRouter,
  orders: ordersRouter,
  inbounds: inboundsRouter,
  clients: clientsRouter,
  presence: presenceRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
