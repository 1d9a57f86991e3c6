import { z } from 'zod';
import { conflictExpectedSchema } from './rules/conflict.js';
import { uidInputSchema } from './uid-inputs.js';

/*
 * Undo: a status change, a reissue or a bulk run made through `undo.*` is held by the gateway for the
 * undo window (UNDO_WINDOW_MS, 10 s by default) and sent to the backend only when it ends; undoing it
 * within the window cancels it before anything reached the backend.
 */

/** What the console gets back for a held action: the id to undo it with and when it will be sent. */
export const pendingActionTicketSchema = z.object({
  actionId: z.string(),
  /** Epoch ms at which the gateway sends the action unless it was undone. */
  commitAt: z.number(),
  /** 0 when the deployment turned undo off: the action was sent before the answer. */
  windowMs: z.number().int().nonnegative(),
  /** For a bulk run: the job it becomes once sent (orders.bulkJob reads it from then on). */
  jobId: z.string().nullable(),
});
export type PendingActionTicket = z.infer<typeof pendingActionTicketSchema>;

export const pendingActionIdInputSchema = z.strictObject({
  actionId: z.string().trim().min(1, 'needs an action id').max(100, 'at most 100 characters'),
});

/** The answer to an undo: `undone`, or `too_late` when the window had ended (the action was sent). */
export const UNDO_OUTCOMES = ['undone', 'too_late'] as const;
export type UndoOutcome = (typeof UNDO_OUTCOMES)[number];

/** conflicts.orderChangedSince: the order, and what an open modal saw of it. */
export const orderChangedSinceInputSchema = z.strictObject({
  orderUid: uidInputSchema,
  expected: conflictExpectedSchema,
});
