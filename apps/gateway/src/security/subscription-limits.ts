import { TRPCError } from '@trpc/server';
import { limitRefusal } from './limit-reached.js';
import { rowsOf } from './request-cost.js';

interface Held {
  count: number;
  rows: number;
}

/** Open subscriptions and the rows their live lists re-read, per connection context (one per websocket). */
const open = new WeakMap<object, Held>();

/**
 * Rows the live lists of each session re-read, over all its websockets and every gateway app in this
 * process: the per-socket cap alone let one session hold WS_MAX_PER_USER sockets' worth.
 */
const sessionRows = new Map<string, number>();

/** Rows the live lists of a session (its id, or a script's own backend token) re-read now. */
export function sessionLiveRows(session: string): number {
  return sessionRows.get(session) ?? 0;
}

export interface SubscriptionLimits {
  /** Rows one list may re-read (LIST_MAX_LOADED_ROWS), checked on every call with a window. */
  maxLoadedRows: number;
  /** Subscriptions one websocket may hold open (WS_MAX_SUBSCRIPTIONS_PER_SOCKET). */
  maxCount: number;
  /** Rows the live lists of one websocket may re-read together (WS_MAX_LIVE_ROWS_PER_SOCKET). */
  maxRows: number;
  /** Rows the live lists of one session may re-read together, on all its sockets (SESSION_MAX_LIVE_ROWS). */
  maxSessionRows: number;
  /** Told of each subscription held (+1) and given back (-1): the open-subscriptions gauge. */
  onHeld?: (delta: 1 | -1) => void;
}

interface SubscriptionCall<R> {
  /**
   * The context exactly as createContext made it: on a websocket, one object for its whole life. Its
   * session id (or a script's own token) keys the session's budget.
   */
  ctx: { sessionId?: string | null; token?: string | null };
  type: string;
  path: string;
  getRawInput: () => Promise<unknown>;
  signal: AbortSignal | undefined;
  next: () => Promise<R>;
}

/**
 * Refuses a list window over LIST_MAX_LOADED_ROWS on any call, and caps what one websocket may
 * hold open: subscriptions (WS_MAX_SUBSCRIPTIONS_PER_SOCKET) and the
 * rows their live lists re-read on every refresh (WS_MAX_LIVE_ROWS_PER_SOCKET); each live list is a
 * cohort the gateway keeps in memory and re-reads on changes. Over a cap the new subscription gets
 * TOO_MANY_REQUESTS; the socket and its other subscriptions go on. Its share is given back when
 * the subscription stops, ends, fails or its socket closes.
 */
export async function limitSubscriptions<R>(
  call: SubscriptionCall<R>,
  limits: SubscriptionLimits,
): Promise<R> {
  const { ctx, type, signal, next } = call;
  // The batch and message checks refuse this before any call runs; here it holds whatever the
  // transport (also when those checks' quick look lets a call through).
  const rows = rowsOf({ path: call.path, input: await call.getRawInput() });
  if (rows > limits.maxLoadedRows)
    throw limitRefusal(
      'BAD_REQUEST',
      'LIST_MAX_LOADED_ROWS',
      `window: skip + limit reads ${rows} rows; at most ${limits.maxLoadedRows} (LIST_MAX_LOADED_ROWS)`,
    );
  if (type !== 'subscription') return next();
  const held = open.get(ctx) ?? { count: 0, rows: 0 };
  open.set(ctx, held);
  if (held.count >= limits.maxCount)
    throw limitRefusal(
      'TOO_MANY_REQUESTS',
      'WS_MAX_SUBSCRIPTIONS_PER_SOCKET',
      `Too many subscriptions on this websocket (at most ${limits.maxCount}, WS_MAX_SUBSCRIPTIONS_PER_SOCKET): stop one first`,
    );
  if (held.rows + rows > limits.maxRows)
    throw limitRefusal(
      'TOO_MANY_REQUESTS',
      'WS_MAX_LIVE_ROWS_PER_SOCKET',
      `The live lists of this websocket would re-read ${held.rows + rows} rows (at most ${limits.maxRows}, WS_MAX_LIVE_ROWS_PER_SOCKET): stop one or load fewer rows`,
    );
  // Unauthenticated calls have no session; the next middleware refuses them.
  const session = ctx.sessionId ?? ctx.token ?? null;
  const sessionHeld = session ? sessionLiveRows(session) : 0;
  if (session && sessionHeld + rows > limits.maxSessionRows)
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `The live lists of this session would re-read ${sessionHeld + rows} rows over all its websockets (at most ${limits.maxSessionRows}, SESSION_MAX_LIVE_ROWS): stop one or load fewer rows`,
    });
  held.count += 1;
  held.rows += rows;
  limits.onHeld?.(1);
  if (session) sessionRows.set(session, sessionHeld + rows);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    signal?.removeEventListener('abort', release);
    held.count -= 1;
    held.rows -= rows;
    limits.onHeld?.(-1);
    if (!session) return;
    const left = sessionLiveRows(session) - rows;
    if (left > 0) sessionRows.set(session, left);
    else sessionRows.delete(session);
  };
  signal?.addEventListener('abort', release, { once: true });
  let result: R;
  try {
    result = await next();
  } catch (error) {
    release();
    throw error;
  }
  const outcome = result as { ok?: boolean; data?: unknown };
  const data = outcome.data as AsyncIterable<unknown> | undefined;
  if (!outcome.ok || !data || typeof data[Symbol.asyncIterator] !== 'function') {
    release();
    return result;
  }
  // A subscription that ends by itself (no abort) gives its place back when its stream finishes.
  async function* releasing() {
    try {
      yield* data as AsyncIterable<unknown>;
    } finally {
      release();
    }
  }
  return { ...outcome, data: releasing() } as R;
}
