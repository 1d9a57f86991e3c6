import {
  clientsQuerySchema,
  inboundsQuerySchema,
  type ListWindow,
  ordersQuerySchema,
  refreshWindow,
} from '@waybill/contracts';
import { z } from 'zod';

/**
 * List procedure inputs: the contracts' query schemas plus `refresh`. A refresh re-reads the whole
 * loaded list, so the spec's window rule applies: skip 0 and limit skip + limit.
 */
const refresh = z.boolean().default(false);
export const ordersSearchInputSchema = ordersQuerySchema.extend({ refresh });
export const inboundsSearchInputSchema = inboundsQuerySchema.extend({ refresh });
export const clientsSearchInputSchema = clientsQuerySchema.extend({ refresh });

export function effectiveWindow(input: { window: ListWindow; refresh: boolean }): ListWindow {
  return input.refresh ? refreshWindow(input.window) : input.window;
}
