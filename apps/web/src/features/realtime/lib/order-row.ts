import {
  type Comment,
  courierShortName,
  type FulfillmentCenter,
  isCourierKey,
  latestComment,
  type Order,
  PROVIDER_BRAND,
  trackingLink,
  unreadCount,
} from '@waybill/contracts';

/** First shipping-label PDF with a download_url, if any. */
export function labelUrl(order: Pick<Order, 'shipments'>): string | null {
  for (const shipment of order.shipments)
    for (const document of shipment.documents)
      for (const label of document.labels) if (label.download_url) return label.download_url;
  return null;
}

/** The warehouse code: the fulfilment order's external identifier. */
export function warehouseCode(order: Pick<Order, 'fulfillment_center_fulfillment_orders'>): string | null {
  return (
    order.fulfillment_center_fulfillment_orders.find((f) => f.external_identifier)?.external_identifier ??
    null
  );
}

/** Orders managed by the provider itself get a marker. */
export function isProviderManaged(order: Pick<Order, 'managed_by'>, provider = PROVIDER_BRAND): boolean {
  return order.managed_by === provider;
}

export interface CourierCell {
  key: string | null;
  name: string;
  known: boolean;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

export function courierCell(order: Pick<Order, 'aggregated_courier' | 'shipping_address'>): CourierCell {
  const key = order.aggregated_courier?.key ?? null;
  const trackingNumber = order.aggregated_courier?.tracking_number ?? null;
  const known = isCourierKey(key);
  return {
    key,
    known,
    name: courierShortName(key),
    trackingNumber,
    // A tracking link requires a courier key.
    trackingUrl: trackingLink(key, trackingNumber, order.shipping_address?.zip ?? null),
  };
}

export function warehouseOf(
  order: Pick<Order, 'fulfillment_center_uid'>,
  centers: ReadonlyMap<string, FulfillmentCenter>,
): FulfillmentCenter | null {
  return order.fulfillment_center_uid ? (centers.get(order.fulfillment_center_uid) ?? null) : null;
}

/** Comments of the list grouped by order uid. */
export function commentsByOrder(comments: readonly Comment[]): Map<string, Comment[]> {
  const map = new Map<string, Comment[]>();
  for (const c of comments) {
    const uid = c.entity.data.uid;
    const list = map.get(uid);
    if (list) list.push(c);
    else map.set(uid, [c]);
  }
  return map;
}

export interface CommentOverview {
  latest: Comment | null;
  total: number;
  unread: number;
}

export function commentOverview(
  order: Pick<Order, 'comments'>,
  comments: readonly Comment[] | undefined,
  userUid: string | null,
): CommentOverview {
  const list = comments ?? [];
  return {
    latest: latestComment(list) ?? null,
    total: Math.max(order.comments.count_, list.length),
    unread: userUid ? unreadCount(list, userUid) : 0,
  };
}

/** /realtime/order link of a row: newComment when there are no comments, hasUnread when some are unread. */
export function orderDetailHref(uid: string, overview: Pick<CommentOverview, 'total' | 'unread'>): string {
  const params = new URLSearchParams({ uid });
  if (overview.total === 0) params.set('newComment', 'true');
  if (overview.unread > 0) params.set('hasUnread', 'true');
  params.set('cached', 'true');
  return `/realtime/order?${params.toString()}`;
}
