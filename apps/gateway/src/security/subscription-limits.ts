import { TRPCError } from '@trpc/server';

/** Open subscriptions per connection context (one per websocket; one per HTTP request). */
const open = new WeakMap<object, number>();

interface SubscriptionCall<R> {
  /** The context exactly as createContext made it: on a websocket, one object for its whole life. */
  ctx: object;
  type: string;
  signal: AbortSignal | undefined;
  next: () => Promise<R>;
}

/** Open subscriptions of the websocket this context belongs to. */
export function openSubscriptions(ctx: object): number {
  return open.get(ctx) ?? 0;
}

/**
 * Caps the subscriptions one websocket may hold open (WS_MAX_SUBSCRIPTIONS_PER_SOCKET): each live
 * list is a cohort the gateway keeps in memory and re-reads on changes. Over the cap the new
 * subscription gets TOO_MANY_REQUESTS; the socket and its other subscriptions go on. A place is
 * given back when the subscription stops, ends, fails or its socket closes.
 */
export async function limitSubscriptions<R>(call: SubscriptionCall<R>, max: number): Promise<R> {
  const { ctx, type, signal, next } = call;
  if (type !== 'subscription') return next();
  const count = open.get(ctx) ?? 0;
  if (count >= max)
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many subscriptions on this websocket (at most ${max}, WS_MAX_SUBSCRIPTIONS_PER_SOCKET): stop one first`,
    });
  open.set(ctx, count + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    signal?.removeEventListener('abort', release);
    open.set(ctx, Math.max(0, (open.get(ctx) ?? 1) - 1));
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
