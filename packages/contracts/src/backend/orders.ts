import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from '../constants.js';
import { teamSchema } from '../enums/common.js';
import { operatorOrderStatusSchema } from '../enums/order-status.js';
import { countSchema, keyValueSchema, timestampSchema, uidSchema } from './common.js';

const priority = z.number().int().min(0).max(5);
const flag = z.looseObject({ is_late: z.boolean() });

export const orderLineItemSchema = z.looseObject({
  external_identifier: z.string().nullable(),
  quantity: z.number().int().nonnegative(),
  has_missing: z.boolean(),
  missing_quantity: z.number().int().nonnegative(),
  inventory_item: z.looseObject({ inventory_item_uid: uidSchema }).nullable(),
});
export type OrderLineItem = z.infer<typeof orderLineItemSchema>;

export const inventoryItemSchema = z.looseObject({
  uid: uidSchema,
  created_at: timestampSchema,
  images: z.array(z.looseObject({ src: z.string() })),
  title_1: z.string().nullable(),
  title_2: z.string().nullable(),
  codes: z.array(z.looseObject({ key: z.string(), value: z.string() })),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const orderCommentsSummarySchema = z.looseObject({
  count_: z.number().int().nonnegative(),
  status: z.enum(['escalated', 'snoozed']).nullable(),
  team: teamSchema.nullable(),
  until: timestampSchema.nullable(),
});

export const orderSchema = z.looseObject({
  uid: uidSchema,
  reference: z.string().nullable(),
  organization_uid: uidSchema,
  fulfillment_center_uid: uidSchema.nullable(),
  selling_channel_uid: uidSchema,
  display_priority: priority,
  updated_at: timestampSchema,
  aggregated_status: z.looseObject({ key: z.string(), date: timestampSchema }),
  statuses_history: z.looseObject({
    aggregated_status: z.array(
      z.looseObject({ key: z.string(), priority: z.number().int(), date: timestampSchema }),
    ),
  }),
  aggregated_courier: z
    .looseObject({ key: z.string().nullable(), tracking_number: z.string().nullable() })
    .nullable(),
  shipments: z.array(
    z.looseObject({
      documents: z.array(
        z.looseObject({ labels: z.array(z.looseObject({ download_url: z.string().nullable() })) }),
      ),
    }),
  ),
  shipping_address: z.looseObject({ zip: z.string().nullable() }).nullable(),
  fulfillment_center_fulfillment_orders: z.array(
    z.looseObject({ unique_key: z.string().nullable(), external_identifier: z.string().nullable() }),
  ),
  metadata: z.array(keyValueSchema),
  payment: z.looseObject({ cash_on_delivery: z.boolean(), bank_deposit: z.boolean() }),
  payout: z
    .looseObject({
      status: z.looseObject({ key: z.string().nullable() }),
      late: flag,
    })
    .nullable(),
  late: flag,
  reverse_logistics: z
    .looseObject({
      in_transit: z.looseObject({ value: z.boolean() }),
      received: z.looseObject({ value: z.boolean() }),
    })
    .nullable(),
  external_app_dates: z.looseObject({ created_at: timestampSchema }),
  managed_by: z.string().nullable(),
  assigned_user_uid: uidSchema.nullable().optional(),
  line_items: z.array(orderLineItemSchema),
  comments: orderCommentsSummarySchema,
  poc_1_workflow: z.looseObject({ uid: uidSchema }).nullable(),
});
export type Order = z.infer<typeof orderSchema>;

const actionStateSchema = z.looseObject({
  active: z.boolean(),
  until: timestampSchema.nullable(),
  was_active: z.boolean(),
  was_until: timestampSchema.nullable(),
});

export const commentSchema = z.looseObject({
  uid: uidSchema,
  organization_uid: uidSchema,
  created_at: timestampSchema,
  entity: z.looseObject({
    kind: z.literal('order'),
    data: z.looseObject({
      uid: uidSchema,
      aggregated_status: z.looseObject({ key: z.string(), date: timestampSchema }),
      late: flag,
    }),
  }),
  text: z.string(),
  team: teamSchema.nullable(),
  user_uid: uidSchema.nullable(),
  user: z
    .looseObject({
      uid: uidSchema,
      name: z.string().nullable().optional(),
      anonymous: z.looseObject({ is_anonymous: z.boolean(), name: z.string().nullable() }).nullable(),
    })
    .nullable(),
  actions: z.looseObject({ escalate: actionStateSchema, snooze: actionStateSchema }),
  seen_by: z.array(z.looseObject({ user_uid: uidSchema, seen_at: timestampSchema })),
});
export type Comment = z.infer<typeof commentSchema>;

/** Statistics rows for selling channels, fulfillment centers and couriers. */
export const orderStatisticsRowSchema = z.looseObject({
  key: z.string().nullable(),
  count_general: z.number().int().nonnegative(),
  count_display_priority_all: z.number().int().nonnegative(),
  count_display_priority_0: z.number().int().nonnegative(),
  count_display_priority_1: z.number().int().nonnegative(),
  count_display_priority_2: z.number().int().nonnegative(),
  count_display_priority_3: z.number().int().nonnegative(),
});
export type OrderStatisticsRow = z.infer<typeof orderStatisticsRowSchema>;

export const assignedUserStatisticsRowSchema = z.looseObject({
  key: z.string().nullable(),
  count_general: z.number().int().nonnegative(),
  count_display_priority_0: z.number().int().nonnegative(),
  count_display_priority_1: z.number().int().nonnegative(),
  count_display_priority_2: z.number().int().nonnegative(),
  count_display_priority_3: z.number().int().nonnegative(),
});
export type AssignedUserStatisticsRow = z.infer<typeof assignedUserStatisticsRowSchema>;

export const displayStatisticsSchema = z.looseObject({
  display_priority_0: z.number().int().nonnegative(),
  display_priority_1: z.number().int().nonnegative(),
  display_priority_2: z.number().int().nonnegative(),
  display_priority_3: z.number().int().nonnegative(),
  display_priority_4: z.number().int().nonnegative(),
  display_priority_5: z.number().int().nonnegative(),
});
export type DisplayStatistics = z.infer<typeof displayStatisticsSchema>;

export const activeOrdersStatisticsSchema = z.looseObject({
  all_orders: countSchema,
  active_orders: countSchema,
  snoozed_orders: countSchema,
});
export type ActiveOrdersStatistics = z.infer<typeof activeOrdersStatisticsSchema>;

export const statusesStatisticsSchema = z.array(
  z.looseObject({ key: z.string(), count: z.number().int().nonnegative() }),
);
export type StatusesStatistics = z.infer<typeof statusesStatisticsSchema>;

/** Body of POST /orders/search and its filter/count/statistics siblings (snake_case, as the backend takes it). */
export const ordersSearchBodySchema = z.strictObject({
  skip: z.number().int().nonnegative(),
  limit: z.number().int().positive().max(10_000),
  managed_by: z.string(),
  reference: z.string().optional(),
  selling_channels_uids: z.array(uidSchema).optional(),
  assigned_users_uids: z.array(uidSchema).optional(),
  courier_keys: z.array(z.string()).optional(),
  fulfillment_centers_uids: z.array(uidSchema).optional(),
  display_priorities: z.array(priority).optional(),
  aggregated_status_keys: z.array(z.string()).optional(),
  payout_keys: z.array(z.string()).optional(),
  payout_late: z.enum(['late', 'not_late']).optional(),
  active_status: z.enum(['all', 'active', 'snoozed']).optional(),
  status_late: z.enum(['late']).optional(),
});
export type OrdersSearchBody = z.infer<typeof ordersSearchBodySchema>;

export const ordersSearchResponseSchema = z.looseObject({
  orders: z.array(orderSchema),
  active_orders_statistics: activeOrdersStatisticsSchema,
  selling_channels_statistics: z.array(orderStatisticsRowSchema),
  fulfillment_centers_statistics: z.array(orderStatisticsRowSchema),
  couriers_statistics: z.array(orderStatisticsRowSchema),
  assigned_users_statistics: z.array(assignedUserStatisticsRowSchema),
});

export const ordersFilterResponseSchema = z.looseObject({
  orders: z.array(orderSchema),
  comments: z.array(commentSchema),
});

/** The eight parallel statistics calls: path suffix → response schema. */
export const ORDER_STATISTICS_CALLS = {
  count: countSchema,
  display_statistics: z.looseObject({ display_statistics: displayStatisticsSchema }),
  statuses_statistics: z.looseObject({ statuses_statistics: statusesStatisticsSchema }),
  couriers_statistics: z.looseObject({ couriers_statistics: z.array(orderStatisticsRowSchema) }),
  fulfillment_centers_statistics: z.looseObject({
    fulfillment_centers_statistics: z.array(orderStatisticsRowSchema),
  }),
  assigned_users_statistics: z.looseObject({
    assigned_users_statistics: z.array(assignedUserStatisticsRowSchema),
  }),
  selling_channels_statistics: z.looseObject({
    selling_channels_statistics: z.array(orderStatisticsRowSchema),
  }),
  active_orders_statistics: z.looseObject({ active_orders_statistics: activeOrdersStatisticsSchema }),
} as const;

/** One object with the count and all seven statistics (the gateway's orders.statistics output). */
export const orderStatisticsSchema = z.object({
  count: z.number().int().nonnegative(),
  display_statistics: displayStatisticsSchema,
  statuses_statistics: statusesStatisticsSchema,
  couriers_statistics: z.array(orderStatisticsRowSchema),
  fulfillment_centers_statistics: z.array(orderStatisticsRowSchema),
  assigned_users_statistics: z.array(assignedUserStatisticsRowSchema),
  selling_channels_statistics: z.array(orderStatisticsRowSchema),
  active_orders_statistics: activeOrdersStatisticsSchema,
});
export type OrderStatistics = z.infer<typeof orderStatisticsSchema>;

export const workflowSchema = z.looseObject({
  uid: uidSchema,
  order_uid: uidSchema,
  status: z.string(),
  created_at: timestampSchema,
});
export type Workflow = z.infer<typeof workflowSchema>;

export const orderDetailResponseSchema = z.looseObject({
  order: orderSchema,
  inventory_items: z.array(inventoryItemSchema),
  comments: z.array(commentSchema),
  thread: z.unknown().nullable(),
  poc_1_workflow: workflowSchema.nullable(),
});
export type OrderDetailResponse = z.infer<typeof orderDetailResponseSchema>;

export const addCommentBodySchema = z.strictObject({
  text: z.string().max(COMMENT_MAX_LENGTH),
  team: z.enum(['development', 'non-technical']).nullable().optional(),
  actions: z.strictObject({
    escalate: z.boolean(),
    escalate_value: z.number().int().nonnegative().nullable(),
    snooze: z.boolean(),
    snooze_value: z.number().int().nonnegative().nullable(),
  }),
  communication: z.strictObject({
    method: z.enum(['internal_note', 'to_shopper', 'to_merchant', 'to_courier']),
  }),
});

export const orderResponseSchema = z.looseObject({ order: orderSchema });
export const markSeenBodySchema = z.strictObject({ comment_uid: uidSchema });
export const markSeenResponseSchema = z.looseObject({ comment: commentSchema });
export const workflowCreateBodySchema = z.strictObject({ order_uid: uidSchema });
export const workflowInterruptBodySchema = z.strictObject({ workflow_uid: uidSchema });
export const workflowResponseSchema = z.looseObject({ workflow: workflowSchema });

export const changeOrderStatusBodySchema = z.strictObject({
  status: operatorOrderStatusSchema,
  order_uid: uidSchema,
  happened_at: timestampSchema,
});

export const reissueLabelBodySchema = z.strictObject({
  order_uid: uidSchema,
  number_of_parcels: z.number().int().min(2),
});

/** POST /changes: body narrows by the listed fields; the window is updated_at_start..updated_at_end. */
export const changesBodySchema = z.strictObject({
  orders: z.strictObject({
    reference: z.string().optional(),
    statuses: z.array(z.string()).optional(),
    managed_by: z.string(),
    display_priorities: z.array(priority).optional(),
    courier_keys: z.array(z.string()).optional(),
    selling_channels_uids: z.array(uidSchema).optional(),
    fulfillment_centers_uids: z.array(uidSchema).optional(),
    updated_at_start: timestampSchema,
    updated_at_end: timestampSchema,
  }),
});
export type ChangesBody = z.infer<typeof changesBodySchema>;
export const changesResponseSchema = z.looseObject({ orders: z.array(orderSchema) });
