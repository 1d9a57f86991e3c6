import { z } from 'zod';
import { BULK_ITEM_ERRORS, type BulkOrderAction } from './bulk-input.js';
import { orderConflictSchema } from './rules/conflict.js';
import { STATUS_ACTIONS } from './rules/order-actions.js';

/**
 * A bulk action run by the gateway as a job: it goes on after the browser that started it reloads or
 * closes, and its owner finds it again (with every answered order's result) from any tab.
 * `interrupted`: the gateway stopped (a restart) before every order was answered; the orders it never
 * reached are listed as failed.
 */
export const BULK_JOB_STATES = ['running', 'done', 'interrupted'] as const;

export const bulkJobResultSchema = z.object({
  uid: z.string(),
  ok: z.boolean(),
  /** null when ok; the codes of orders.bulk's results. */
  error: z.enum(BULK_ITEM_ERRORS).nullable(),
  /** The order's reference when the backend named it (a changed order's answer), else null. */
  reference: z.string().nullable(),
  /** For a `conflict`: who changed the order since the user saw it, and when (conflict warning rule). */
  conflict: orderConflictSchema.nullable().optional(),
});
export type BulkJobResult = z.infer<typeof bulkJobResultSchema>;

/** A job as the tray lists it: what it does and how far it got, without the per-order results. */
export const bulkJobSummarySchema = z.object({
  jobId: z.string(),
  kind: z.enum(['status', 'comment']),
  /** What the job does, in the console's words ("Mark as Lost", "Add comment"). */
  summary: z.string(),
  state: z.enum(BULK_JOB_STATES),
  /** Orders asked for (repeated uids once). */
  total: z.number().int().nonnegative(),
  /** Orders answered so far: ok + failed. */
  done: z.number().int().nonnegative(),
  ok: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  startedAt: z.number(),
  updatedAt: z.number(),
});
export type BulkJobSummary = z.infer<typeof bulkJobSummarySchema>;

/** A job with the result of every order answered so far, in the order they were asked. */
export const bulkJobSchema = bulkJobSummarySchema.extend({
  results: z.array(bulkJobResultSchema),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

export const bulkJobIdInputSchema = z.strictObject({
  jobId: z.string().trim().min(1, 'needs a job id').max(100, 'at most 100 characters'),
});

/** A bulk action's name, as its menu item says it. */
export function bulkActionSummary(action: Pick<BulkOrderAction, 'kind'> & { status?: string }): string {
  if (action.kind === 'comment') return 'Add comment';
  return STATUS_ACTIONS.find((a) => a.status === action.status)?.menuLabel ?? 'Change status';
}
