import { z } from 'zod';
import {
  inboundItemKindSchema,
  inboundStatusSchema,
  operatorInboundStatusSchema,
} from '../enums/order-status.js';
import { timestampSchema, uidSchema } from './common.js';
import { inventoryItemSchema } from './orders.js';

const n = z.number().int().nonnegative();

export const inboundLineItemSchema = z.looseObject({
  uid: uidSchema,
  inventory_item_uid: uidSchema,
  incoming: n,
  available: n,
  missing: n,
  defects: n,
  junk: n,
});
export type InboundLineItem = z.infer<typeof inboundLineItemSchema>;

export const inboundSchema = z.looseObject({
  uid: uidSchema,
  name: z.string(),
  status: inboundStatusSchema,
  display_priority: z.number().int().min(0).max(6).nullable(),
  expected_date: timestampSchema.nullable(),
  external_dates: z.looseObject({ created_at: timestampSchema, updated_at: timestampSchema }),
  external_data: z.looseObject({ identifier: z.string().nullable() }).nullable(),
  fulfillment_center_uid: uidSchema.nullable(),
  organization_uid: uidSchema,
  assigned_user_uid: uidSchema.nullable().optional(),
  number_of_items: z.looseObject({ kind: inboundItemKindSchema, count: n }).nullable().optional(),
  late: z.looseObject({ is_late: z.boolean() }),
  line_items_computed: z.looseObject({ items: z.array(inboundLineItemSchema), incoming_total: n }),
});
export type Inbound = z.infer<typeof inboundSchema>;

export const inboundStatisticsRowSchema = z.looseObject({
  key: z.string().nullable(),
  count_general: n,
  count_display_priority_all: n,
  count_display_priority_0: n,
  count_display_priority_1: n,
  count_display_priority_2: n,
  count_display_priority_3: n,
  count_display_priority_4: n,
  count_display_priority_5: n,
  count_display_priority_6: n,
});
export type InboundStatisticsRow = z.infer<typeof inboundStatisticsRowSchema>;

export const inboundDisplayStatisticsSchema = z.looseObject({
  display_priority_0: n,
  display_priority_1: n,
  display_priority_2: n,
  display_priority_3: n,
  display_priority_4: n,
  display_priority_5: n,
  display_priority_6: n,
});
export type InboundDisplayStatistics = z.infer<typeof inboundDisplayStatisticsSchema>;

export const inboundsSearchBodySchema = z.strictObject({
  skip: n,
  limit: z.number().int().positive().max(10_000),
  organizations_uids: z.array(uidSchema).optional(),
  fulfillment_centers_uids: z.array(uidSchema).optional(),
  statuses: z.array(inboundStatusSchema).optional(),
  assigned_users_uids: z.array(uidSchema).optional(),
  search_term: z.string().optional(),
  number_of_items: z.array(inboundItemKindSchema).optional(),
  active_inbounds: z.enum(['all', 'active', 'snoozed']).optional(),
  is_late: z.boolean().optional(),
  display_priorities: z.array(z.number().int().min(0).max(6)).optional(),
});
export type InboundsSearchBody = z.infer<typeof inboundsSearchBodySchema>;

export const inboundsSearchResponseSchema = z.looseObject({
  inventory_receipts: z.array(inboundSchema),
  document_count: n,
  fulfillment_centers_statistics: z.array(inboundStatisticsRowSchema),
  organizations_statistics: z.array(inboundStatisticsRowSchema),
  assigned_users_statistics: z.array(inboundStatisticsRowSchema),
  statuses_statistics: z.array(inboundStatisticsRowSchema),
  number_of_lates_statistics: z.looseObject({ number_of_inventory_receipts_late: n }),
  number_of_items_statistics: z.array(z.looseObject({ kind: inboundItemKindSchema, count: n })),
  display_statistics: inboundDisplayStatisticsSchema,
});
export type InboundsSearchResponse = z.infer<typeof inboundsSearchResponseSchema>;

export const inboundDetailResponseSchema = z.looseObject({
  inventory_receipt: inboundSchema,
  inventory_items: z.array(inventoryItemSchema),
});
export type InboundDetailResponse = z.infer<typeof inboundDetailResponseSchema>;

export const changeInboundStatusBodySchema = z.strictObject({
  status: operatorInboundStatusSchema,
  inventory_receipt_uid: uidSchema,
  happened_at: timestampSchema,
});
export const inboundResponseSchema = z.looseObject({ inventory_receipt: inboundSchema });

export const exportReportSchema = z.looseObject({
  uid: uidSchema,
  progress: z.number().min(0).max(100),
  download_url: z.string().nullable(),
  completed: z.boolean(),
  error: z.string().nullable().optional(),
});
export type ExportReport = z.infer<typeof exportReportSchema>;
export const exportReportResponseSchema = z.looseObject({ report: exportReportSchema });
