import type { Department, InboundItemKind, InboundStatus, Team } from '@waybill/contracts';

/** Internal records. Times are epoch ms; URLs are relative (the wire layer prefixes the public URL). */
export interface SimUser {
  uid: string;
  name: string;
  email: string;
  department: Department | null;
  access_to: string[];
  superadmin: boolean;
}

export interface SimOrganization {
  uid: string;
  name: string | null;
}

export interface SimSellingChannel {
  uid: string;
  alias: string | null;
  name: string;
  kind: string;
  organization_uid: string;
  country: string | null;
  domain: string;
}

export interface SimFulfillmentCenter {
  uid: string;
  code: string;
  name: string;
  timezone: string;
  country: string;
  requiresLabel: boolean;
}

export interface SimItem {
  uid: string;
  organization_uid: string;
  createdMs: number;
  title_1: string | null;
  title_2: string | null;
  sku: string;
  barcode: string;
  hue: number;
}

export interface HistoryEntry {
  key: string;
  priority: number;
  ms: number;
}

export interface ActionState {
  active: boolean;
  untilMs: number | null;
  was_active: boolean;
  wasUntilMs: number | null;
}

export interface SimComment {
  uid: string;
  organization_uid: string;
  order_uid: string;
  createdMs: number;
  text: string;
  team: Team | null;
  user_uid: string | null;
  userName: string | null;
  anonymous: boolean;
  method: string;
  escalate: ActionState;
  snooze: ActionState;
  seen_by: { user_uid: string; seenMs: number }[];
}

export interface SimLineItem {
  external_identifier: string | null;
  quantity: number;
  has_missing: boolean;
  missing_quantity: number;
  inventory_item_uid: string | null;
}

export interface SimOrder {
  uid: string;
  reference: string | null;
  organization_uid: string;
  fulfillment_center_uid: string | null;
  selling_channel_uid: string;
  display_priority: number;
  createdMs: number;
  updatedMs: number;
  status: string;
  history: HistoryEntry[];
  courierKey: string | null;
  tracking: string | null;
  /** Shipments, each a list of relative label URLs. */
  labels: (string | null)[][];
  labelVersion: number;
  zip: string | null;
  fulfillmentOrders: { unique_key: string | null; external_identifier: string | null }[];
  externalLink: string | null;
  cod: boolean;
  bankDeposit: boolean;
  payout: { key: string | null; late: boolean } | null;
  late: boolean;
  managed_by: string | null;
  assigned_user_uid: string | null;
  line_items: SimLineItem[];
  workflowUid: string | null;
  comments: SimComment[];
  /** Lower-case text the reference search looks in. */
  search: string;
  /** Search index: interned ids of the filter dimensions (see SimStore.reindex). */
  ix: OrderIndex;
}

export interface OrderIndex {
  /** Stable position in creation order (text index slot). */
  slot: number;
  channel: number;
  center: number;
  courier: number;
  user: number;
  status: number;
  payout: number;
  /** End of the latest comment's active snooze (0 = none). */
  snoozeUntil: number;
}

export interface SimWorkflow {
  uid: string;
  order_uid: string;
  status: 'running' | 'interrupted' | 'completed';
  createdMs: number;
}

export interface SimInboundLine {
  uid: string;
  inventory_item_uid: string;
  incoming: number;
  available: number;
  missing: number;
  defects: number;
  junk: number;
}

export interface SimInbound {
  uid: string;
  name: string;
  status: InboundStatus;
  display_priority: number | null;
  expectedMs: number | null;
  createdMs: number;
  updatedMs: number;
  identifier: string | null;
  fulfillment_center_uid: string | null;
  organization_uid: string;
  assigned_user_uid: string | null;
  numberOfItems: { kind: InboundItemKind; count: number } | null;
  late: boolean;
  items: SimInboundLine[];
  search: string;
}

export type SourceApp = 'merchants' | 'store_view';

export interface SimStoreAnalytics {
  uid: string;
  name: string;
  kind: string;
  display_priority: number;
  appLink: string | null;
  biLink: string | null;
  plan: string | null;
  country: string | null;
  services: string[];
  createdMs: number;
  installedMs: number | null;
  deletedMs: number | null;
  status: 'installed' | 'development' | 'deleted';
  size: '0' | 'xs' | 's' | 'm' | 'l' | 'xl';
  orderCount: number;
  daily: number[];
  /** Daily orders of the last STORE_HISTORY_DAYS days, oldest first, the last being today (`daily` is its end). */
  history: number[];
  skuCount: number;
  couriers: { courier_id: string | null; count: number }[];
  latest: { user_uid: string | null; lastSeenMs: number | null; score: number } | null;
  people: {
    user: { uid: string; name: string; email: string };
    lastSeenMs: number;
    device: 'desktop' | 'tablet' | 'mobile';
  }[];
  sourceApps: SourceApp[];
}
