import { render } from '@testing-library/react';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import {
  type AnyProcedure,
  getTRPCErrorFromUnknown,
  type inferProcedureInput,
  TRPCError,
} from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { observable } from '@trpc/server/observable';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { AppRouter } from '@waybill/gateway/router';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.js';
import { createQueryClient } from '../app/query-client.js';

/** Every gateway procedure as `{ path: 'inbounds.live', procedure }`. */
type ProcedureEntry<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure
    ? { path: `${Prefix}${K}`; procedure: R[K] }
    : ProcedureEntry<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
type Entry = ProcedureEntry<AppRouter['_def']['record']>;

/** A gateway procedure path, e.g. 'inbounds.live'. */
export type ProcedurePath = Entry['path'];

/** Sends one subscription event; it arrives as the gateway's `yield tracked(id, data)` does (all its live procedures are tracked). */
export type Emit = (data: unknown) => void;

/**
 * In-memory answers by procedure path, with the router's input types. A query or mutation returns its
 * answer (or a promise of it) or throws; a thrown `TRPCError` keeps its code (and a `conflict` or a
 * `limit` on its cause), anything else is an INTERNAL_SERVER_ERROR, as on the gateway. A subscription gets `emit`,
 * may return a cleanup for when the client unsubscribes, and fails by throwing.
 */
export type Handlers = {
  [E in Entry as E['path']]?: E['procedure']['_def']['type'] extends 'subscription'
    ? (input: inferProcedureInput<E['procedure']>, emit: Emit) => unknown
    : (input: inferProcedureInput<E['procedure']>) => unknown;
};

const NEVER_STARTED = Symbol('never started');

/** A subscription handler whose `started` never arrives, as through a proxy that blocks websocket frames. */
export function neverStarted<H extends object>(handler: H): H {
  return Object.assign(handler, { [NEVER_STARTED]: true });
}

export interface CallLog {
  path: string;
  type: string;
  input: unknown;
}

/** A tRPC link that answers from `handlers` in memory and records every call in `log`, in order. */
function mockLink(handlers: Handlers, log: CallLog[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        log.push({ path: op.path, type: op.type, input: op.input });
        const handler = (handlers as Record<string, ((input: unknown, emit?: Emit) => unknown) | undefined>)[
          op.path
        ];
        let open = true;
        const fail = (cause: unknown) => {
          if (!open) return;
          const error = getTRPCErrorFromUnknown(cause);
          // As the gateway's error formatter: a cause that names who changed the order first, or the
          // limit the call was refused for, sends it along.
          const { conflict, limit } = (error.cause ?? {}) as { conflict?: unknown; limit?: unknown };
          observer.error(
            TRPCClientError.from({
              error: {
                code: TRPC_ERROR_CODES_BY_KEY[error.code],
                message: error.message,
                data: {
                  code: error.code,
                  httpStatus: getHTTPStatusCodeFromError(error),
                  path: op.path,
                  limit: limit ?? null,
                  ...(conflict ? { conflict } : {}),
                },
              },
            }),
          );
        };
        if (!handler) {
          // As the gateway answers a path it does not have.
          fail(new TRPCError({ code: 'NOT_FOUND', message: `No test handler for ${op.path}` }));
          return;
        }
        if (op.type === 'subscription') {
          let seq = 0;
          if (!(NEVER_STARTED in handler)) observer.next({ result: { type: 'started' } });
          let cleanup: unknown;
          try {
            cleanup = handler(op.input, (data) => {
              if (!open) return;
              seq += 1;
              const id = `${op.path}:${seq}`;
              observer.next({ result: { type: 'data', id, data: { id, data } } });
            });
          } catch (error) {
            fail(error);
          }
          return () => {
            open = false;
            if (typeof cleanup === 'function') cleanup();
          };
        }
        Promise.resolve()
          .then(() => handler(op.input))
          .then((data) => {
            if (!open) return;
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          }, fail);
        return () => {
          open = false;
        };
      });
}

export interface TestApiOptions {
  handlers?: Handlers;
  /** Receives every call; pass your own to read it from a hook test. */
  log?: CallLog[];
}

/** The app's providers with an in-memory tRPC client (the app's query client, without retries). */
export function TestProviders({
  children,
  handlers = {},
  log = [],
}: TestApiOptions & { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    client.setDefaultOptions({
      queries: { ...client.getDefaultOptions().queries, retry: false },
      mutations: { retry: false },
    });
    return client;
  });
  const [trpcClient] = useState(() => createTRPCClient<AppRouter>({ links: [mockLink(handlers, log)] }));
  return (
    <AppProvider queryClient={queryClient} trpcClient={trpcClient}>
      {children}
    </AppProvider>
  );
}

/** Renders `routes` at `path` inside TestProviders; returns the router and the call log. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  { handlers, log = [] }: TestApiOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <TestProviders handlers={handlers} log={log}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...view, router, log };
}

/** The inputs of every call to one procedure, in order. */
export function inputsOf<T = Record<string, unknown>>(log: readonly CallLog[], path: ProcedurePath): T[] {
  return log.filter((c) => c.path === path).map((c) => c.input as T);
}
