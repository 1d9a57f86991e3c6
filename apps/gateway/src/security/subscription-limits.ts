import { TRPCError } from '@trpc/server';
import { WebSocket } from 'ws';
import { socketOf, wireRequestOf } from '../realtime/wire-fanout.js';
import { limitRefusal } from './limit-reached.js';
import { rowsOf } from './request-cost.js';

/** A subscription's share of its socket's and session's budgets, until `release`. */
interface Booking {
  /** The tRPC request id it came with, when its input carries one (wire-fanout.ts). */
  id: string | number | null;
  /** Rows its live list re-reads. */
  rows: number;
  release(): void;
}

/** A socket's open subscriptions: their count and rows are the bookings'. */
interface Held {
  bookings: Set<Booking>;
}

const rowsHeld = (held: Held) => [...held.bookings].reduce((sum, b) => sum + b.rows, 0);

/** Open subscriptions and the rows their live lists re-read, per connection context (one per websocket). */
const open = new WeakMap<object, Held>();

/**
 * Rows the live lists of each session re-read, over all its websockets and every gateway app in this
 * process: the per-socket cap alone let one session hold WS_MAX_PER_USER sockets' worth. A session
 * holding none has no entry.
 */
const sessionRows = new Map<string, number>();

/** Rows the live lists of a session (its id, or a script's own backend token) re-read now. */
export function sessionLiveRows(session: string): number {
  return sessionRows.get(session) ?? 0;
}

/**
 * The socket's share, made on its first subscription. Its close gives back every booking still
 * held: tRPC drops a subscription without aborting it or starting its stream when the socket closed
 * before it started, so neither the abort nor the stream's end would.
 */
function heldOf(ctx: object): Held {
  const held = open.get(ctx);
  if (held) return held;
  const made: Held = { bookings: new Set() };
  open.set(ctx, made);
  socketOf(ctx)?.once('close', () => {
    for (const booking of [...made.bookings]) booking.release();
  });
  return made;
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
  const input = await call.getRawInput();
  const rows = rowsOf({ path: call.path, input });
  if (rows > limits.maxLoadedRows)
    throw limitRefusal(
      'BAD_REQUEST',
      'LIST_MAX_LOADED_ROWS',
      `window: skip + limit reads ${rows} rows; at most ${limits.maxLoadedRows} (LIST_MAX_LOADED_ROWS)`,
    );
  if (type !== 'subscription') return next();
  const held = heldOf(ctx);
  // tRPC refuses a second subscription under a running one's id only after the procedure ran,
  // and drops the stream unstarted: refused here, it books nothing.
  const id = socketOf(ctx) ? (wireRequestOf(input)?.id ?? null) : null;
  if (id !== null && [...held.bookings].some((b) => b.id === id))
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Duplicate id ${id}` });
  if (held.bookings.size >= limits.maxCount)
    throw limitRefusal(
      'TOO_MANY_REQUESTS',
      'WS_MAX_SUBSCRIPTIONS_PER_SOCKET',
      `Too many subscriptions on this websocket (at most ${limits.maxCount}, WS_MAX_SUBSCRIPTIONS_PER_SOCKET): stop one first`,
    );
  const socketRows = rowsHeld(held);
  if (socketRows + rows > limits.maxRows)
    throw limitRefusal(
      'TOO_MANY_REQUESTS',
      'WS_MAX_LIVE_ROWS_PER_SOCKET',
      `The live lists of this websocket would re-read ${socketRows + rows} rows (at most ${limits.maxRows}, WS_MAX_LIVE_ROWS_PER_SOCKET): stop one or load fewer rows`,
    );
  // Unauthenticated calls have no session; the next middleware refuses them.
  const session = ctx.sessionId ?? ctx.token ?? null;
  const sessionHeld = session ? sessionLiveRows(session) : 0;
  if (session && sessionHeld + rows > limits.maxSessionRows)
    throw limitRefusal(
      'TOO_MANY_REQUESTS',
      'SESSION_MAX_LIVE_ROWS',
      `The live lists of this session would re-read ${sessionHeld + rows} rows over all its websockets (at most ${limits.maxSessionRows}, SESSION_MAX_LIVE_ROWS): stop one or load fewer rows`,
    );
  limits.onHeld?.(1);
  if (session && rows > 0) sessionRows.set(session, sessionHeld + rows);
  const booking: Booking = {
    id,
    rows,
    release: () => {
      if (!held.bookings.delete(booking)) return;
      signal?.removeEventListener('abort', booking.release);
      limits.onHeld?.(-1);
      if (!session || rows === 0) return;
      const left = sessionLiveRows(session) - rows;
      if (left > 0) sessionRows.set(session, left);
      else sessionRows.delete(session);
    },
  };
  held.bookings.add(booking);
  signal?.addEventListener('abort', booking.release, { once: true });
  let result: R;
  try {
    result = await next();
  } catch (error) {
    booking.release();
    throw error;
  }
  const outcome = result as { ok?: boolean; data?: unknown };
  const data = outcome.data as AsyncIterable<unknown> | undefined;
  // tRPC starts nothing on a socket that is no longer open (and no close event may come after).
  const socket = socketOf(ctx);
  const closed = socket !== undefined && socket.readyState !== WebSocket.OPEN;
  if (closed || !outcome.ok || !data || typeof data[Symbol.asyncIterator] !== 'function') {
    booking.release();
    return result;
  }
  // A subscription that ends by itself (no abort) gives its place back when its stream finishes.
  async function* releasing() {
    try {
      yield* data as AsyncIterable<unknown>;
    } finally {
      booking.release();
    }
  }
  return { ...outcome, data: releasing() } as R;
}
