import { useQuery } from '@tanstack/react-query';
import type { FulfillmentCenter, Organization, User } from '@waybill/contracts';
import { useMemo } from 'react';
import { useTRPC } from '../../../lib/trpc.js';

const longLived = { staleTime: 5 * 60_000, refetchOnWindowFocus: false } as const;

export interface InboundReference {
  me: User | null;
  users: Map<string, User>;
  organizations: Map<string, Organization>;
  warehouses: Map<string, FulfillmentCenter>;
}

/** Names for the uids an inbound carries: users, merchants (organizations) and warehouses. */
export function useInboundReference(): InboundReference {
  const trpc = useTRPC();
  const me = useQuery(trpc.users.me.queryOptions(undefined, longLived));
  const users = useQuery(trpc.users.all.queryOptions(undefined, longLived));
  const organizations = useQuery(trpc.reference.organizations.queryOptions(undefined, longLived));
  const warehouses = useQuery(trpc.reference.fulfillmentCenters.queryOptions(undefined, longLived));
  return useMemo(
    () => ({
      me: me.data?.user ?? null,
      users: new Map((users.data?.users ?? []).map((u) => [u.uid, u])),
      organizations: new Map((organizations.data?.organizations ?? []).map((o) => [o.uid, o])),
      warehouses: new Map((warehouses.data?.fulfillment_centers ?? []).map((w) => [w.uid, w])),
    }),
    [me.data, users.data, organizations.data, warehouses.data],
  );
}
