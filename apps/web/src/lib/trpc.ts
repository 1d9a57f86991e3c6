import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { reconnectDelayMs } from '@waybill/contracts';
import type { AppRouter } from '@waybill/gateway/router';
import { connectionStore } from './connection-state.js';

/**
 * `useTRPC()` gives every gateway procedure's query, mutation and subscription options (and query
 * keys) for TanStack Query's own hooks; `useTRPCClient()` the plain client for imperative calls.
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;
/** The typed client the console calls the gateway with. */
export type TrpcClient = ReturnType<typeof createTrpcClient>;

function sameOrigin(loc: Location) {
  return {
    http: `${loc.origin}/trpc`,
    ws: `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/trpc`,
  };
}

/**
 * Subscriptions over one websocket on the same origin (opened lazily, only while one is active);
 * everything else batched over HTTP with the session cookie. Plain JSON, no transformer. The
 * socket's state feeds the connection banner: a socket lost while subscriptions need it is an
 * outage ('connecting' with an error); one closed lazily while idle is not.
 */
export function createTrpcClient(loc: Location = window.location) {
  const urls = sameOrigin(loc);
  const wsClient = createWSClient({
    url: urls.ws,
    lazy: { enabled: true, closeMs: 5_000 },
    retryDelayMs: reconnectDelayMs,
  });
  wsClient.connectionState.subscribe({
    next: (s) =>
      connectionStore.report({ type: 'socket', down: s.state === 'connecting' && s.error !== null }),
  });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient }),
        false: httpBatchLink({
          url: urls.http,
          maxURLLength: 4000,
          fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
        }),
      }),
    ],
  });
}
