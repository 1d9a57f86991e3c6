import { applyListMessage, type ListMessage, type ListState, type Order } from '@waybill/contracts';
import WebSocket from 'ws';
import {
  signInWithPassword,
  TRPCClientError,
  type WaybillClient,
} from '../../../packages/client/src/index.js';

type Meta = Record<string, unknown>;

/**
 * A script as the client package makes one (`signInWithPassword`, then `orders.live` over its
 * websocket, reconnecting as tRPC does), tracking every version of the orders the scenario changes:
 * which arrived (by order uid and updated_at) and how often, and which messages came twice.
 */
export interface ScriptClient {
  email: string;
  token: string;
  state: ListState<Order, Meta> | null;
  /** `uid@updated_at` of each watched order's version that reached the list → arrivals (ms epoch). */
  arrivals: Map<string, number[]>;
  /** Message ids of list data (snapshots, patches) that had already arrived. */
  repeatedIds: string[];
  /** Each `paused` the gateway sent, with when it arrived. */
  health: Array<{ paused: boolean; at: number }>;
  /** UNAUTHORIZED answers: the session ended. */
  signOuts: string[];
  otherErrors: string[];
  /** Websockets opened (and when), and each close with its code and time. */
  sockets: { opens: number; openedAt: number[]; closes: Array<{ code: number; at: number }> };
  client: WaybillClient;
  close(): void;
}

export const versionKey = (uid: string, updatedAt: string) => `${uid}@${updatedAt}`;

const isSignOut = (error: unknown) =>
  error instanceof TRPCClientError &&
  ((error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED' ||
    (error.data as { httpStatus?: number } | undefined)?.httpStatus === 401);

/** Signs in through `url` as `email` and opens the live list; `watched` are the uids to track. */
export async function startScriptClient(
  url: string,
  email: string,
  watched: ReadonlySet<string>,
): Promise<ScriptClient> {
  const sockets = { opens: 0, openedAt: [] as number[], closes: [] as Array<{ code: number; at: number }> };
  // The `ws` class the client package would use, counting this client's websockets for the log.
  class CountedWebSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.on('open', () => {
        sockets.opens += 1;
        sockets.openedAt.push(Date.now());
      });
      this.on('close', (code: number) => {
        sockets.closes.push({ code, at: Date.now() });
      });
    }
  }
  const { client, token } = await signInWithPassword({
    url,
    email,
    password: 'waybill-demo',
    WebSocket: CountedWebSocket,
  });
  const me: ScriptClient = {
    sockets,
    email,
    token,
    state: null,
    arrivals: new Map(),
    repeatedIds: [],
    health: [],
    signOuts: [],
    otherErrors: [],
    client,
    close: () => {},
  };
  let closed = false;
  const seen = new Set<string>();
  const versions = () => {
    const now = new Map<string, string>();
    for (const row of me.state?.rows ?? []) if (watched.has(row.uid)) now.set(row.uid, row.updated_at);
    return now;
  };
  const subscription = client.orders.live.subscribe(
    { filter: {} },
    {
      onData(tracked) {
        const { id, data } = tracked as unknown as {
          id: string;
          data: ListMessage<Order, Meta> | { kind: 'health'; paused: boolean };
        };
        // A health message carries the id of the data before it (a resume from it misses nothing).
        if (data.kind === 'health') {
          me.health.push({ paused: data.paused, at: Date.now() });
          return;
        }
        if (seen.has(id)) me.repeatedIds.push(id);
        seen.add(id);
        const before = versions();
        me.state = applyListMessage(me.state, data);
        const at = Date.now();
        for (const [uid, updatedAt] of versions()) {
          if (before.get(uid) === updatedAt) continue;
          const key = versionKey(uid, updatedAt);
          me.arrivals.set(key, [...(me.arrivals.get(key) ?? []), at]);
        }
      },
      onError(error) {
        if (closed) return;
        (isSignOut(error) ? me.signOuts : me.otherErrors).push(String(error));
      },
      onComplete() {
        if (!closed) me.otherErrors.push('the subscription completed');
      },
    },
  );
  me.close = () => {
    closed = true;
    subscription.unsubscribe();
    client.close();
  };
  return me;
}

/** Whether `client`'s list is paused now (the last health message said so). */
export const pausedNow = (client: ScriptClient) => client.health.at(-1)?.paused === true;

/**
 * The session still works: `users.me` answers. A refusal (UNAUTHORIZED) is a sign-out; any other
 * failure is retried by the caller (the stack may still be coming back).
 */
export async function sessionState(client: ScriptClient): Promise<'ok' | 'signed-out' | 'failing'> {
  try {
    await client.client.users.me.query();
    return 'ok';
  } catch (error) {
    return isSignOut(error) ? 'signed-out' : 'failing';
  }
}
