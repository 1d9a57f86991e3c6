import { z } from 'zod';
import { commentTextSchema } from './comment-text.js';
import { happenedAtSchema } from './inputs.js';
import { conflictExpectedSchema, type OrderConflict } from './rules/conflict.js';
import { ROW_ACTION_STATUS } from './rules/order-actions.js';
import { uidInputSchema } from './uid-inputs.js';

/**
 * Hard ceiling of one bulk call, whatever the deployment allows: keeps the input bounded before the
 * gateway checks its own cap (BULK_MAX_ORDERS, at most this).
 */
export const BULK_ORDERS_CEILING = 1000;

const statusValues = Object.values(ROW_ACTION_STATUS) as [
  (typeof ROW_ACTION_STATUS)[keyof typeof ROW_ACTION_STATUS],
  ...(typeof ROW_ACTION_STATUS)[keyof typeof ROW_ACTION_STATUS][],
];

/** One bulk action: a status change with its date, or the same internal-note comment on every order. */
export const bulkOrderActionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('status'),
    status: z.enum(statusValues),
    happenedAt: happenedAtSchema,
  }),
  z.strictObject({
    kind: z.literal('comment'),
    text: commentTextSchema,
  }),
]);
export type BulkOrderAction = z.infer<typeof bulkOrderActionSchema>;

export const bulkExpectedSchema = z
  .record(z.string().max(200, 'order uid is too long'), conflictExpectedSchema)
  .refine((m) => Object.keys(m).length <= BULK_ORDERS_CEILING, `at most ${BULK_ORDERS_CEILING} orders`);
export type BulkExpected = z.infer<typeof bulkExpectedSchema>;

export const bulkOrdersInputSchema = z.strictObject({
  action: bulkOrderActionSchema,
  orderUids: z
    .array(uidInputSchema)
    .min(1, 'tick at least one order')
    .max(BULK_ORDERS_CEILING, `at most ${BULK_ORDERS_CEILING} orders`),
  /**
   * The state of each order as the user saw it when they ticked it, by uid (conflict warning rule):
   * an order changed since is not written, and its result is a `conflict` naming who and when.
   */
  expected: bulkExpectedSchema.optional(),
});

/** Why one order of a bulk call failed: a code the console maps to its own words. */
export const BULK_ITEM_ERRORS = [
  'not_found',
  'rejected',
  'unauthorized',
  'unavailable',
  'failed',
  /** Changed by someone since the user saw it (`expected`): not written. */
  'conflict',
] as const;
export type BulkItemError = (typeof BULK_ITEM_ERRORS)[number];

export interface BulkItemResult {
  uid: string;
  ok: boolean;
  /** null when ok. */
  error: BulkItemError | null;
  /** For a `conflict`: who changed the order (null when nobody the gateway knows), when, what. */
  conflict?: OrderConflict | null;
}
