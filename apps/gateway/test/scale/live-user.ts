import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  splitLink,
  TRPCClientError,
  wsLink,
} from '@trpc/client';
import {
  applyListMessage,
  type ListMessage,
  type ListState,
  type Order,
  reconnectDelayMs,
} from '@waybill/contracts';
import WebSocket from 'ws';
import type { AppRouter } from '../../src/router.js';
import { WS_CLOSE } from '../../src/security/index.js';

type Meta = Record<string, unknown>;
export type OrdersState = ListState<Order, Meta>;

/**
 * A console user as scripts can be one: `@trpc/client` with subscriptions over a websocket (which
 * reconnects at once, then backs off as the console does) and queries batched over HTTP with a bearer
 * token, holding an `orders.live` list. Everything that would reach the user as a failure is counted.
 */
export interface LiveUser {
  state: OrdersState | null;
  /** Message ids, in arrival order. */
  ids: string[];
  /** Patches whose id had already arrived (delivered twice). */
  duplicates: string[];
  snapshots: number;
  /** Websockets that opened: the first, then one per reconnect. */
  opens: number;
  /** Close codes of the websockets the server closed. */
  closeCodes: number[];
  /** What happened, in order (opens, closes, messages), for a failure's message. */
  events: string[];
  /** Answers or failures a user would see as a server error: 5xx, or no answer at all. */
  serverErrors: string[];
  /** UNAUTHORIZED answers, subscription ends and websocket closes for a signed-out session. */
  signOuts: string[];
  otherErrors: string[];
  queries: number;
  /** One `users.me` query (what every screen asks), its failure counted. */
  query(): Promise<void>;
  /** One mutation (a POST, which a balancer does not retry), its failure counted. */
  mutate(): Promise<void>;
  mutations: number;
  close(): void;
}

function describe(error: unknown): { kind: 'server' | 'signOut' | 'other'; text: string } {
  if (!(error instanceof TRPCClientError)) return { kind: 'other', text: String(error) };
  const data = error.data as { httpStatus?: number; code?: string } | undefined;
  const status = data?.httpStatus ?? (error.meta?.response as Response | undefined)?.status;
  const text = `${status ?? 'no answer'} ${data?.code ?? ''} ${error.message}`;
  if (data?.code === 'UNAUTHORIZED' || status === 401) return { kind: 'signOut', text };
  if (status === undefined || status >= 500) return { kind: 'server', text };
  return { kind: 'other', text };
}

export function startLiveUser(url: string, token: string): LiveUser {
  const user: LiveUser = {
    state: null,
    ids: [],
    duplicates: [],
    snapshots: 0,
    opens: 0,
    closeCodes: [],
    events: [],
    serverErrors: [],
    signOuts: [],
    otherErrors: [],
    queries: 0,
    mutations: 0,
    query: async () => {},
    mutate: async () => {},
    close: () => {},
  };
  /** Set by `close()`: what happens after it is the test's doing. */
  let closed = false;
  const note = (event: string) => {
    if (user.events.length < 2000) user.events.push(event);
  };
  const record = (error: unknown) => {
    const { kind, text } = describe(error);
    ({ server: user.serverErrors, signOut: user.signOuts, other: user.otherErrors })[kind].push(text);
  };
  const ws = createWSClient({
    url: `${url.replace(/^http/, 'ws')}/trpc`,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: reconnectDelayMs,
    connectionParams: () => ({ token }),
    onOpen: () => {
      user.opens += 1;
      note('open');
    },
    onClose: (event) => {
      note(`close ${event?.code}`);
      if (event?.code !== undefined && !closed) user.closeCodes.push(event.code);
      if (event?.code === WS_CLOSE.signedOut) user.signOuts.push(`websocket closed ${event.code}`);
    },
  });
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink<AppRouter>({ client: ws }),
        false: httpBatchLink({ url: `${url}/trpc`, headers: { authorization: `Bearer ${token}` } }),
      }),
    ],
  });
  const seen = new Set<string>();
  const subscription = client.orders.live.subscribe(
    { filter: {} },
    {
      onData: (tracked) => {
        const { id, data } = tracked as unknown as {
          id: string;
          data: ListMessage<Order, Meta> | { kind: 'health' };
        };
        note(`${id} ${data.kind}`);
        user.ids.push(id);
        // A health message carries the id of the data before it (a resume from it misses nothing).
        if (data.kind === 'health') return;
        if (data.kind === 'patch' && seen.has(id)) user.duplicates.push(id);
        seen.add(id);
        if (data.kind === 'snapshot') user.snapshots += 1;
        user.state = applyListMessage(user.state, data);
      },
      onError: record,
      onComplete: () => {
        if (!closed) user.otherErrors.push('subscription completed');
      },
    },
  );
  user.query = async () => {
    try {
      await client.users.me.query();
      user.queries += 1;
    } catch (error) {
      record(error);
    }
  };
  user.mutate = async () => {
    try {
      await client.notifications.markAllRead.mutate();
      user.mutations += 1;
    } catch (error) {
      record(error);
    }
  };
  user.close = () => {
    closed = true;
    subscription.unsubscribe();
    ws.close();
  };
  return user;
}
