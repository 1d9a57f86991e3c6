import {
  type Comment,
  courierShortName,
  type FulfillmentCenter,
  isCourierKey,
  latestComment,
  type Order,
  type OrderCommentCounts,
  orderDetailSearch,
  trackingLink,
  unreadCount,
} from '@waybill/contracts';

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

/** The list's comment counts by order uid. */
export function commentCountsByOrder(
  counts: readonly OrderCommentCounts[],
): ReadonlyMap<string, OrderCommentCounts> {
  return new Map(counts.map((c) => [c.uid, c]));
}

/**
 * A row's comment overview. A row carries only its latest comment (cut), so the totals and the unread
 * count come from the list's counts over the whole thread (`counts`), counted from `comments` without them.
 */
export function commentOverview(
  order: Pick<Order, 'comments'>,
  comments: readonly Comment[] | undefined,
  userUid: string | null,
  counts?: Pick<OrderCommentCounts, 'total' | 'unread'>,
): CommentOverview {
  const list = comments ?? [];
  return {
    latest: latestComment(list) ?? null,
    total: Math.max(order.comments.count_, counts?.total ?? list.length),
    unread: counts ? counts.unread : userUid ? unreadCount(list, userUid) : 0,
  };
}

/** /realtime/order link of a row: newComment when there are no comments, hasUnread when some are unread. */
export function orderDetailHref(uid: string, overview: Pick<CommentOverview, 'total' | 'unread'>): string {
  return `/realtime/order${orderDetailSearch({ uid, commentCount: overview.total, unread: overview.unread, cached: true })}`;
}

/** Where a row leads (its comments link, and Enter on it): the detail with what its comments call for. */
export function rowDetailHref(
  order: Pick<Order, 'uid' | 'comments'>,
  comments: readonly Comment[] | undefined,
  userUid: string | null,
  counts?: Pick<OrderCommentCounts, 'total' | 'unread'>,
): string {
  return orderDetailHref(order.uid, commentOverview(order, comments, userUid, counts));
}
