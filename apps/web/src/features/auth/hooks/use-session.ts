import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.js';

/** Who is signed in and which sign-in methods the gateway offers (password only on test hosts). */
export function useSession() {
  const trpc = useTRPC();
  return useQuery(trpc.auth.session.queryOptions(undefined, { staleTime: 60_000, retry: 1 }));
}
