import { z } from 'zod';
import { uidSchema } from './backend/common.js';
import { orderUidSchema } from './uid-inputs.js';

/**
 * `presence.here`: held open while a detail shows the order; `typing` while a comment is written.
 * The uid is shown to other users, so only a real order uid's shape is accepted.
 */
export const presenceHereInputSchema = z.strictObject({
  orderUid: orderUidSchema,
  typing: z.boolean().default(false),
});

export const presenceViewerSchema = z.object({
  uid: uidSchema,
  name: z.string(),
  typing: z.boolean(),
});
export type PresenceViewer = z.infer<typeof presenceViewerSchema>;

/** `presence.watch` pushes the whole map each time it changes: order uid → the other users on it. */
export const presenceSnapshotSchema = z.object({
  orders: z.record(z.string(), z.array(presenceViewerSchema)),
});
export type PresenceSnapshot = z.infer<typeof presenceSnapshotSchema>;
