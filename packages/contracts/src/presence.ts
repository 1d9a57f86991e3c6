import { z } from 'zod';
import { uidSchema } from './backend/common.js';

/** `presence.here`: held open while a detail shows the order; `typing` while a comment is written. */
export const presenceHereInputSchema = z.object({
  orderUid: uidSchema,
  typing: z.boolean().default(false),
});
export type PresenceHereInput = z.input<typeof presenceHereInputSchema>;

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
