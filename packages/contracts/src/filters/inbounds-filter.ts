import { z } from 'zod';
import type { InboundsSearchBody } from '../backend/inbounds.js';
import { DEFAULT_DISPLAY_PRIORITIES } from '../constants.js';
import { inboundItemKindSchema, inboundStatusSchema } from '../enums/order-status.js';
import { type ListWindow, listWindowSchema, nonEmpty, uidListSchema } from './common.js';

/** Inbound list filter state. */
export const inboundsFilterSchema = z.strictObject({
  assignedUsersUIDS: uidListSchema,
  fulfillmentCentersUIDS: uidListSchema,
  organizationsUIDS: uidListSchema,
  statuses: z.array(inboundStatusSchema).max(7).default([]),
  displayPriorities: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .default(() => [...DEFAULT_DISPLAY_PRIORITIES]),
  searchTerm: z.string().trim().max(200).default(''),
  numberOfItems: z.array(inboundItemKindSchema).max(3).default([]),
  isLate: z.boolean().default(false),
  activeInbounds: z.enum(['all', 'active', 'snoozed']).default('all'),
});
export type InboundsFilter = z.infer<typeof inboundsFilterSchema>;
export const DEFAULT_INBOUNDS_FILTER: InboundsFilter = inboundsFilterSchema.parse({});

export const inboundsQuerySchema = z.strictObject({
  filter: inboundsFilterSchema.default(DEFAULT_INBOUNDS_FILTER),
  window: listWindowSchema.default({ skip: 0, limit: 20 }),
});
export type InboundsQuery = z.infer<typeof inboundsQuerySchema>;

const EVERY_INBOUND_PRIORITY = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * Every priority selected means no priority filter: the backend drops inbounds without a display
 * priority (some drafts) from any display_priorities filter, and they belong to the whole list.
 */
function coversEveryPriority(priorities: readonly number[]): boolean {
  return EVERY_INBOUND_PRIORITY.every((p) => priorities.includes(p));
}

/** Inbound filter state → POST /inventory_receipts/search body (search term and filters in the body). */
export function toInboundsSearchBody(filter: InboundsFilter, window: ListWindow): InboundsSearchBody {
  const body: InboundsSearchBody = { skip: window.skip, limit: window.limit };
  const term = filter.searchTerm.trim();
  if (term) body.search_term = term;
  const organizations = nonEmpty(filter.organizationsUIDS);
  if (organizations) body.organizations_uids = organizations;
  const centers = nonEmpty(filter.fulfillmentCentersUIDS);
  if (centers) body.fulfillment_centers_uids = centers;
  const statuses = nonEmpty(filter.statuses);
  if (statuses) body.statuses = statuses;
  const users = nonEmpty(filter.assignedUsersUIDS);
  if (users) body.assigned_users_uids = users;
  const kinds = nonEmpty(filter.numberOfItems);
  if (kinds) body.number_of_items = kinds;
  const priorities = nonEmpty(filter.displayPriorities);
  if (priorities && !coversEveryPriority(priorities)) body.display_priorities = priorities;
  if (filter.isLate) body.is_late = true;
  if (filter.activeInbounds !== 'all') body.active_inbounds = filter.activeInbounds;
  return body;
}
