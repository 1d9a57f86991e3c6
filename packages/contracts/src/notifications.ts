import { z } from 'zod';
import { uidSchema } from './backend/common.js';

/** Caps a session cannot exceed however it asks: the centre keeps the last 50. */
export const NOTIFICATIONS_KEPT = 50;

/** `not-sent`: the user's own held (undoable) change was dropped, since the order changed in its window. */
export const notificationKindSchema = z.enum(['changed', 'escalated', 'mentioned', 'not-sent']);

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  orderUid: uidSchema,
  /** The order's reference, when it has one (the centre names the order by it). */
  reference: z.string().nullable(),
  /** What happened, in the console's words ("Status is now delivered", "New comment escalated to development"). */
  text: z.string(),
  /** Who made it: the comment's author, or who changed the order through the console (null: unknown). */
  author: z.object({ uid: z.string().nullable(), name: z.string() }).nullable().default(null),
  /** One line of the comment (first ~120 characters) or of the change; null when there is none. */
  excerpt: z.string().nullable().default(null),
  /** ms epoch */
  at: z.number(),
  /**
   * How many mentions this one notification stands for, when more than one: one author's repeated
   * mentions of a user fold into their latest (its text says how many), so they push nothing else out.
   */
  count: z.number().int().min(2).optional(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;
/** A notification as the gateway makes it: not read yet, author and excerpt null when left out. */
export type NotificationInput = Omit<z.input<typeof notificationSchema>, 'read'>;

/** Every `notifications.live` message is the whole centre: newest first, at most NOTIFICATIONS_KEPT. */
export const notificationStateSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
});
export type NotificationState = z.infer<typeof notificationStateSchema>;

export const followInputSchema = z.strictObject({ orderUid: uidSchema, follow: z.boolean() });
export const followingInputSchema = z.strictObject({ orderUid: uidSchema });
export const markReadInputSchema = z.strictObject({
  ids: z.array(z.string().min(1).max(100)).min(1).max(NOTIFICATIONS_KEPT),
});
