import { z } from 'zod';
import { orderUidSchema } from './uid-inputs.js';

/** Holds: who is working on which order. Kept by the gateway, never sent to the backend. */

const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });

export const teamActorSchema = z.object({ uid: z.string(), name: z.string() });
export type TeamActor = z.infer<typeof teamActorSchema>;

/** `orders.take`: `force` takes an order another user holds (the console asks first). */
export const takeOrderInputSchema = z.strictObject({
  uid: orderUidSchema,
  force: z.boolean().optional(),
});
export const releaseOrderInputSchema = z.strictObject({ uid: orderUidSchema });

export const holdSchema = z.object({
  orderUid: z.string(),
  holder: teamActorSchema,
  /** When it was taken. */
  since: isoDateTime,
  /** The holder's last action on the order: the hold ends HOLD_IDLE_MS after it. */
  lastActionAt: isoDateTime,
});
export type Hold = z.infer<typeof holdSchema>;

/** What the CONFLICT of `orders.take` / `orders.release` carries in `data.holdConflict`. */
export const holdConflictSchema = z.object({ holder: teamActorSchema });
