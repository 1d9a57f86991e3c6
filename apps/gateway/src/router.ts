import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { activityRouter } from './routers/activity.js';
import { authRouter } from './routers/auth.js';
import { clientsRouter } from './routers/clients.js';
import { conflictsRouter } from './routers/conflicts.js';
import { holdsRouter } from './routers/holds.js';
import { inboundsRouter } from './routers/inbounds.js';
import { notificationsRouter } from './routers/notifications.js';
import { ordersRouter } from './routers/orders.js';
import { presenceRouter } from './routers/presence.js';
import { referenceRouter } from './routers/reference.js';
import { tokensRouter } from './routers/tokens.js';
import { undoRouter } from './routers/undo.js';
import { usersRouter } from './routers/users.js';
import { viewsRouter } from './routers/views.js';
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
  undo: undoRouter,
  conflicts: conflictsRouter,
  holds: holdsRouter,
  activity: activityRouter,
  tokens: tokensRouter,
  views: viewsRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
