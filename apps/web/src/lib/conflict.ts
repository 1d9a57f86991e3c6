import {
  type ConflictExpected,
  type Order,
  type OrderConflict,
  orderConflictSchema,
} from '@waybill/contracts';

/** The gateway's CONFLICT data (who changed the order first), or null for any other failure. */
export function conflictOf(error: unknown): OrderConflict | null {
  if (!error || typeof error !== 'object' || !('data' in error)) return null;
  const data = (error as { data?: { code?: unknown; conflict?: unknown } | null }).data;
  if (data?.code !== 'CONFLICT') return null;
  const parsed = orderConflictSchema.safeParse(data.conflict);
  return parsed.success ? parsed.data : null;
}

/** What a modal was opened on, sent with its save (conflict warning rule). */
export function expectedOf(order: Pick<Order, 'updated_at' | 'aggregated_status'>): ConflictExpected {
  return { updatedAt: order.updated_at, status: order.aggregated_status.key };
}

/** The second argument of a modal's save: "Save anyway" resends without the expected state. */
export interface SaveOptions {
  force?: boolean;
}
