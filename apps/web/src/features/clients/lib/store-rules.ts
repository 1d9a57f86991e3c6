import { httpAddress, type SellingChannelAnalyticsRow, storeNewTag } from '@waybill/contracts';

/** App link of a store: the shopify app link, else the BI app link, else none. */
export function storeAppLink(metadata: readonly { key: string; value: string | null }[]): string | null {
  const pick = (key: string) => metadata.find((m) => m.key === key && m.value)?.value ?? null;
  const link = pick('shopify_app_link') ?? pick('bi_app_link');
  return httpAddress(link);
}

/** NEW tag of a row: a store without an install date counts from its creation (our decision). */
export function rowNewTag(
  activity: Pick<SellingChannelAnalyticsRow['activity'], 'installed_at' | 'created_at'>,
  now: Date,
): ReturnType<typeof storeNewTag> {
  return storeNewTag(activity.installed_at ?? activity.created_at, now);
}

/** Locations count and the first location's fulfillment service name. */
export function locationsSummary(locations: SellingChannelAnalyticsRow['fulfillment_locations']): {
  count: number;
  firstService: string | null;
} {
  return {
    count: locations.length,
    firstService: locations[0]?.fulfillment_services[0]?.service_name ?? null,
  };
}
