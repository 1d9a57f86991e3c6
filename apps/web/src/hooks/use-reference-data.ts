import { useQuery } from '@tanstack/react-query';
import type { FulfillmentCenter, Organization, SellingChannel, User } from '@waybill/contracts';
import { useMemo } from 'react';
import { useTRPC } from '../lib/trpc.js';

// Reference lists change rarely and are cached on the gateway too.
const REFERENCE_STALE_MS = 10 * 60_000;

/** The signed-in user (users.me). */
export function useCurrentUser() {
  const trpc = useTRPC();
  return useQuery(trpc.users.me.queryOptions(undefined, { staleTime: REFERENCE_STALE_MS }));
}

/**
 * Reference data in its startup order: organizations, selling channels, fulfillment centers, then
 * users.all. They are asked in that order in one batched request, so the first screen waits one
 * round trip for them instead of four (the gateway answers each as it would alone).
 */
export function useReferenceQueries(enabled = true) {
  const trpc = useTRPC();
  const options = { enabled, staleTime: REFERENCE_STALE_MS };
  const organizations = useQuery(trpc.reference.organizations.queryOptions(undefined, options));
  const sellingChannels = useQuery(trpc.reference.sellingChannels.queryOptions(undefined, options));
  const fulfillmentCenters = useQuery(trpc.reference.fulfillmentCenters.queryOptions(undefined, options));
  const users = useQuery(trpc.users.all.queryOptions(undefined, options));
  return { organizations, sellingChannels, fulfillmentCenters, users };
}

export interface ReferenceData {
  organizations: readonly Organization[];
  sellingChannels: readonly SellingChannel[];
  fulfillmentCenters: readonly FulfillmentCenter[];
  users: readonly User[];
  organizationsByUid: ReadonlyMap<string, Organization>;
  sellingChannelsByUid: ReadonlyMap<string, SellingChannel>;
  fulfillmentCentersByUid: ReadonlyMap<string, FulfillmentCenter>;
  usersByUid: ReadonlyMap<string, User>;
}

const byUid = <T extends { uid: string }>(list: readonly T[]) =>
  new Map(list.map((item) => [item.uid, item]));

/** Reference lists with uid lookups; empty lists until loaded (the protected layout waits for them). */
export function useReferenceData(): ReferenceData {
  const { organizations, sellingChannels, fulfillmentCenters, users } = useReferenceQueries();
  const o = organizations.data?.organizations;
  const s = sellingChannels.data?.selling_channels;
  const f = fulfillmentCenters.data?.fulfillment_centers;
  const u = users.data?.users;
  return useMemo(() => {
    const orgs = o ?? [];
    const channels = s ?? [];
    const centers = f ?? [];
    const people = u ?? [];
    return {
      organizations: orgs,
      sellingChannels: channels,
      fulfillmentCenters: centers,
      users: people,
      organizationsByUid: byUid(orgs),
      sellingChannelsByUid: byUid(channels),
      fulfillmentCentersByUid: byUid(centers),
      usersByUid: byUid(people),
    };
  }, [o, s, f, u]);
}
