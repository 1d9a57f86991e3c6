import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { TRPCProvider, type TrpcClient } from './trpc.js';

const TrpcClientPresent = createContext(false);

/** The tRPC client and query client for `useTRPC()` / `useTRPCClient()` below. */
export function TrpcProvider({
  client,
  queryClient,
  children,
}: {
  client: TrpcClient;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <TrpcClientPresent.Provider value={true}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </TrpcClientPresent.Provider>
  );
}

/**
 * Whether a tRPC client is provided. Components that call the gateway only as a side effect (marking
 * a comment seen) render without one in pure component tests, where `useTRPC()` would throw.
 */
export const useHasTrpcClient = () => useContext(TrpcClientPresent);
