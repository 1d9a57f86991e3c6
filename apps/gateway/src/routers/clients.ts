import { clientsList } from '../live-lists/clients.js';
import { router } from '../trpc.js';

export const clientsRouter = router(clientsList.procedures);
