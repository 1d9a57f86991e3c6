import { trpc } from '../../../lib/trpc.js';

/** Who is signed in and which sign-in methods the gateway offers (password only on test hosts). */
export function useSession() {
  return trpc.auth.session.useQuery(undefined, { staleTime: 60_000, retry: 1 });
}
