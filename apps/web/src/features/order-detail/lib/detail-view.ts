import {
  courierShortName,
  type FulfillmentCenter,
  type HistoryActor,
  type Order,
  type OrderDetailTab,
  PLACEHOLDERS,
  trackingLink,
} from '@waybill/contracts';

/** Tabs of the detail; any other `tab` value shows 'Not implemented'. */
export const DETAIL_TABS: readonly { id: OrderDetailTab; label: string }[] = [
  { id: 'history', label: 'History' },
  { id: 'order', label: 'Order' },
  { id: 'comments', label: 'Comments' },
];

export interface CourierView {
  name: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** contracts' courier short name ('Courier' when unknown), tracking number and link (a link needs a courier key). */
export function courierView(order: Pick<Order, 'aggregated_courier' | 'shipping_address'>): CourierView {
  const key = order.aggregated_courier?.key ?? null;
  const trackingNumber = order.aggregated_courier?.tracking_number ?? null;
  return {
    name: courierShortName(key),
    trackingNumber,
    trackingUrl: trackingLink(key, trackingNumber, order.shipping_address?.zip ?? null),
  };
}

/** Warehouse 'Name (RO)', or 'Unknown'. */
export function warehouseLabel(center: FulfillmentCenter | null | undefined): string {
  if (!center) return PLACEHOLDERS.warehouse;
  const country = center.display_address?.country_code ?? center.address?.country_code ?? null;
  return country ? `${center.name} (${country})` : center.name;
}

/** Who acted on a history entry, in words. */
export function actorLabel(
  actor: HistoryActor,
  ctx: { channel: string; warehouse: string; courier: CourierView },
): string {
  switch (actor) {
    case 'selling_channel':
      return ctx.channel;
    case 'fulfillment_center':
      return ctx.warehouse;
    case 'courier':
      return ctx.courier.trackingNumber
        ? `${ctx.courier.name} · ${ctx.courier.trackingNumber}`
        : ctx.courier.name;
    case 'fulfillment_provider':
      return 'Waybill';
  }
}
