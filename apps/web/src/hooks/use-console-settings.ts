import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc.js';

export interface ConsoleSettings {
  /** The comment 'send as' choice and the invalid-address workflow (the gateway's ADVANCED_COMMENT_USERS). */
  advancedComments: boolean;
  /** Boxes one label reissue may ask for (the gateway's REISSUE_MAX_PARCELS); null until known. */
  reissueMaxParcels: number | null;
}

/**
 * The gateway's runtime settings for the signed-in user, served with auth.session (the same query
 * the sign-in check reads, so no extra call). Until it answers, the advanced controls stay hidden.
 */
export function useConsoleSettings(): ConsoleSettings {
  const trpc = useTRPC();
  const session = useQuery(trpc.auth.session.queryOptions(undefined, { staleTime: 60_000, retry: 1 }));
  const settings = session.data?.settings;
  return {
    advancedComments: settings?.advancedComments ?? false,
    reissueMaxParcels: settings?.reissueMaxParcels ?? null,
  };
}
