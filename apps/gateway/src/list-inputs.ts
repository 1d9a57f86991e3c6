import { type ListWindow, ordersQuerySchema, refreshWindow } from '@waybill/contracts';
import { z } from 'zod';

/**
 * List procedure inputs: the contracts' query schemas plus `refresh`. A refresh re-reads the whole
 * loaded list, so it asks for skip 0 and limit skip + limit.
 */
const refresh = z.boolean().default(false);
/** A live subscription's input: the query plus the last message id it saw, to resume after it. */
const lastEventId = z.string().max(200).nullish();

/** The shape of a list's `{ filter, window }` query schema, as contracts define it. */
export type ListQueryShape = { filter: z.ZodType; window: z.ZodType<ListWindow> };

export function searchInputOf<S extends ListQueryShape, C extends z.core.$ZodObjectConfig>(
  query: z.ZodObject<S, C>,
) {
  return query.extend({ refresh });
}
export function liveInputOf<S extends ListQueryShape, C extends z.core.$ZodObjectConfig>(
  query: z.ZodObject<S, C>,
) {
  return query.extend({ lastEventId });
}

/** orders.statistics reads over the orders list's window (the list's own inputs come from defineLiveList). */
export const ordersSearchInputSchema = searchInputOf(ordersQuerySchema);

export function effectiveWindow(input: { window: ListWindow; refresh: boolean }): ListWindow {
  return input.refresh ? refreshWindow(input.window) : input.window;
}
