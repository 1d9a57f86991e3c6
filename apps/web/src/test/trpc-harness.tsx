import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@waybill/gateway/router';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.js';
import { trpc } from '../lib/trpc.js';

/** A procedure answer for tests: queries/mutations return (or throw); subscriptions get `emit`. */
export type Handler = (
  input: unknown,
  sub: { emit: (data: unknown) => void; fail: (message: string) => void },
) => unknown;

export interface Call {
  path: string;
  type: string;
  input: unknown;
}

/**
 * A tRPC client whose link answers from in-memory handlers, so components run their real hooks
 * (queries, mutations, tracked subscriptions) without a server. Records every call.
 */
export function createTestClient(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, type: op.type, input: op.input });
        const handler = handlers[op.path];
        if (!handler) {
          observer.error(TRPCClientError.from(new Error(`No test handler for ${op.path}`)));
          return;
        }
        if (op.type === 'subscription') {
          let seq = 0;
          let open = true;
          observer.next({ result: { type: 'started' } });
          handler(op.input, {
            emit: (data) => {
              if (!open) return;
              seq += 1;
              const id = `${op.path}:${seq}`;
              observer.next({ result: { type: 'data', id, data: { id, data } } } as never);
            },
            fail: (message) => {
              if (open) observer.error(TRPCClientError.from(new Error(message)));
            },
          });
          return () => {
            open = false;
          };
        }
        Promise.resolve()
          .then(() => handler(op.input, { emit: () => {}, fail: () => {} }))
          .then(
            (data) => {
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (error: unknown) => observer.error(TRPCClientError.from(error as Error)),
          );
      });
  const client = trpc.createClient({ links: [link] });
  return { client, calls };
}

/** Render routes at `path` with the app's providers and a test tRPC client. */
export function renderRoutes(routes: RouteObject[], path: string, handlers: Record<string, Handler>) {
  const { client, calls } = createTestClient(handlers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient} trpcClient={client}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, calls, router, queryClient };
}

/** The inputs of every call to one procedure, in order. */
export function inputsOf<T = Record<string, unknown>>(calls: readonly Call[], path: string): T[] {
  return calls.filter((c) => c.path === path).map((c) => c.input as T);
}
