import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@waybill/gateway/router';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.js';
import { createQueryClient } from '../app/query-client.js';
import { trpc } from '../lib/trpc.js';

/** A query/mutation answer, or a thrown error (TrpcTestError carries a tRPC error code). */
export type Handler = (input: unknown) => unknown;
/** A subscription: gets the input and an emitter; returns a cleanup. */
export type SubscriptionHandler = (input: unknown, emit: (data: unknown) => void) => (() => void) | undefined;

export class TrpcTestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface CallLog {
  path: string;
  type: string;
  input: unknown;
}

/** A tRPC link that answers from handlers in memory and records every call in order. */
export function mockLink(
  handlers: Record<string, Handler>,
  subscriptions: Record<string, SubscriptionHandler> = {},
  log: CallLog[] = [],
): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        log.push({ path: op.path, type: op.type, input: op.input });
        const fail = (error: unknown) => {
          const code = error instanceof TrpcTestError ? error.code : 'INTERNAL_SERVER_ERROR';
          const message = error instanceof Error ? error.message : String(error);
          observer.error(
            TRPCClientError.from({
              error: { code: -32000, message, data: { code, httpStatus: 400, path: op.path } },
            }),
          );
        };
        if (op.type === 'subscription') {
          const sub = subscriptions[op.path];
          if (!sub) {
            fail(new TrpcTestError('NOT_FOUND', `no subscription handler for ${op.path}`));
            return;
          }
          observer.next({ result: { type: 'started' } });
          try {
            const cleanup = sub(op.input, (data) => observer.next({ result: { type: 'data', data } }));
            return () => cleanup?.();
          } catch (error) {
            fail(error);
            return;
          }
        }
        const handler = handlers[op.path];
        let cancelled = false;
        Promise.resolve()
          .then(() => {
            if (!handler) throw new TrpcTestError('NOT_FOUND', `no handler for ${op.path}`);
            return handler(op.input);
          })
          .then(
            (data) => {
              if (cancelled) return;
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (error: unknown) => {
              if (!cancelled) fail(error);
            },
          );
        return () => {
          cancelled = true;
        };
      });
}

export interface RenderAppOptions {
  handlers?: Record<string, Handler>;
  subscriptions?: Record<string, SubscriptionHandler>;
  log?: CallLog[];
}

/** Providers with an in-memory tRPC client, for rendering routes or components. */
export function TestProviders({
  children,
  handlers = {},
  subscriptions = {},
  log = [],
}: RenderAppOptions & { children: ReactNode }) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  });
  const client = trpc.createClient({ links: [mockLink(handlers, subscriptions, log)] });
  return (
    <AppProvider queryClient={queryClient} trpcClient={client}>
      {children}
    </AppProvider>
  );
}

export function routerFor(routes: RouteObject[], initialEntries: string[]) {
  return createMemoryRouter(routes, { initialEntries });
}

export function AppAt({
  router,
  ...options
}: RenderAppOptions & { router: ReturnType<typeof createMemoryRouter> }) {
  return (
    <TestProviders {...options}>
      <RouterProvider router={router} />
    </TestProviders>
  );
}
