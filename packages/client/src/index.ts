import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  splitLink,
  type TRPCClient,
  TRPCClientError,
  wsLink,
} from '@trpc/client';
import { reconnectDelayMs } from '@waybill/contracts';
import type { AppRouter, RouterInputs, RouterOutputs } from '@waybill/gateway/router';
import NodeWebSocket from 'ws';
import { guardedFetch } from './request-guard.js';

export * from './helpers.js';
export {
  type LiveConnectionState,
  type LiveListProcedure,
  type LiveListState,
  liveList,
} from './live-list.js';
export { RequestTimeoutError, UnexpectedResponseError } from './request-guard.js';
export { type ClientVersionCheck, checkClientVersion } from './version-check.js';
export type { AppRouter, RouterInputs, RouterOutputs };
export { TRPCClientError };

/** An order as the gateway's lists answer it. */
export type Order = RouterOutputs['orders']['search']['orders'][number];

/** A token, or a function asked before every request (e.g. after signing in). */
export type TokenSource = string | null | undefined | (() => string | null | undefined);

export interface WaybillClientOptions {
  /** The gateway's base URL, e.g. http://localhost:3000 (the procedures live under /trpc). */
  url: string;
  /**
   * Bearer token: the gateway session id from `auth.passwordLogin` with `bearer: true` (see
   * signInWithPassword). Leave out for the sign-in procedures.
   */
  token?: TokenSource;
  /** A WebSocket class; defaults to the runtime's own, or the `ws` package on Node 20. */
  WebSocket?: unknown;
  /**
   * The longest GET URL (default 4000): a longer batch is split into several GETs, and a query whose
   * own input takes more than half of it goes alone as a POST.
   */
  maxURLLength?: number;
  /**
   * Milliseconds a query or mutation may wait for its whole answer before failing with a
   * RequestTimeoutError (as the TRPCClientError's cause). Default: no limit. Subscriptions are not
   * bound by it.
   */
  timeoutMs?: number;
}

/** The gateway refuses HTTP batches of more than 20 procedures (its maxBatchSize). */
const MAX_BATCH_ITEMS = 20;

export type WaybillTRPCClient = TRPCClient<AppRouter>;

export interface WaybillClient extends WaybillTRPCClient {
  /** Closes the subscription socket, if one was opened. Queries need no cleanup. */
  close(): void;
}

function resolveToken(token: TokenSource): string | null {
  const value = typeof token === 'function' ? token() : token;
  return value ? value : null;
}

/**
 * A typed client for the gateway's procedures: queries and mutations over HTTP (batched, bearer
 * header), subscriptions over a websocket opened only when first needed (token in connectionParams).
 */
export function createWaybillClient(options: WaybillClientOptions): WaybillClient {
  const base = options.url.replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(base))
    throw new Error(`url must start with http:// or https:// (got "${options.url}")`);
  const httpUrl = `${base}/trpc`;
  const WebSocketImpl = (options.WebSocket ?? globalThis.WebSocket ?? NodeWebSocket) as typeof WebSocket;
  // tRPC's close waits for a socket still connecting to open first: to a gateway that accepted the
  // connection and never answers, forever (and the socket holds the process). Those are closed here.
  const connecting = new Set<WebSocket>();
  class TrackedWebSocket extends WebSocketImpl {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      connecting.add(this);
      const settled = () => connecting.delete(this);
      this.addEventListener('open', settled);
      this.addEventListener('close', settled);
    }
  }

  let wsClient: ReturnType<typeof createWSClient> | null = null;
  const getWsClient = () => {
    wsClient ??= createWSClient({
      url: httpUrl.replace(/^http/i, 'ws'),
      WebSocket: TrackedWebSocket,
      // Lazy: a script that never subscribes never opens a socket, and an idle one closes.
      lazy: { enabled: true, closeMs: 1000 },
      retryDelayMs: reconnectDelayMs,
      connectionParams: () => {
        const token = resolveToken(options.token);
        return token ? { token } : {};
      },
    });
    return wsClient;
  };

  const maxURLLength = options.maxURLLength ?? 4000;
  const headers = () => {
    const token = resolveToken(options.token);
    return token ? { authorization: `Bearer ${token}` } : {};
  };
  const fetch = guardedFetch(options.timeoutMs);
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: (runtime) => wsLink<AppRouter>({ client: getWsClient() })(runtime),
        false: splitLink({
          // A query whose input alone would overflow the URL goes as a POST (method override).
          condition: (op) =>
            op.type === 'query' &&
            encodeURIComponent(JSON.stringify(op.input ?? null)).length > maxURLLength / 2,
          true: httpBatchLink({
            url: httpUrl,
            headers,
            fetch,
            methodOverride: 'POST',
            maxItems: MAX_BATCH_ITEMS,
          }),
          false: httpBatchLink({ url: httpUrl, maxURLLength, headers, fetch, maxItems: MAX_BATCH_ITEMS }),
        }),
      }),
    ],
  });

  const close = () => {
    wsClient?.close();
    wsClient = null;
    for (const socket of connecting) socket.close();
    connecting.clear();
  };
  // The tRPC client is a proxy where every key is a procedure path; `close` is answered here first.
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'close') return close;
      return Reflect.get(target, key, receiver);
    },
  }) as WaybillClient;
}

/**
 * Signs in with e-mail and password and returns a client that uses the new token: a gateway session
 * id (`bearer: true`), usable as `Authorization: Bearer` and in websocket connectionParams until
 * `signOut`, the session's idle timeout or its absolute lifetime.
 */
export async function signInWithPassword(
  options: Omit<WaybillClientOptions, 'token'> & { email: string; password: string },
): Promise<{ client: WaybillClient; token: string; user: RouterOutputs['auth']['passwordLogin']['user'] }> {
  const anonymous = createWaybillClient(options);
  const { token, user } = await anonymous.auth.passwordLogin.mutate({
    email: options.email,
    password: options.password,
    bearer: true,
  });
  anonymous.close();
  if (!token) throw new Error('The gateway answered the sign-in without a bearer token');
  return { client: createWaybillClient({ ...options, token }), token, user };
}

/** Ends the client's session on the gateway (every replica): its token is refused from then on. */
export async function signOut(client: WaybillClient): Promise<void> {
  await client.auth.logout.mutate();
  client.close();
}
