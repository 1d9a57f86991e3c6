import { TRPCError } from '@trpc/server';
import { BackendError } from '../backend/backend-error.js';
import type { BackendCaller } from '../realtime/types.js';
import { TtlCache } from '../reference/ttl-cache.js';
import { hashOf } from './identity.js';

/**
 * Whether a user may read an order, asked of the backend with the user's own token (the order's
 * detail) before presence on it is shown to anyone, or before they take it. A yes is remembered for `ttlMs` per token and
 * order, so reopening a detail or starting to type costs no call; a no is never remembered.
 */
export class OrderAccess {
  /** A readable order's reference (null when it has none), per token and order. */
  private readonly readable: TtlCache<string | null>;

  constructor(
    private readonly backend: BackendCaller,
    ttlMs: number,
    now?: () => number,
  ) {
    this.readable = new TtlCache<string | null>({ ttlMs, maxEntries: 10_000, ...(now ? { now } : {}) });
  }

  /**
   * Resolves, with the order's reference, when `token`'s user can read `orderUid`; NOT_FOUND when the
   * backend says it cannot.
   */
  async check(token: string, orderUid: string): Promise<{ reference: string | null }> {
    try {
      // One load for concurrent callers, so it is not tied to any one caller's abort signal.
      const reference = await this.readable.get(`${hashOf(token)}:${orderUid}`, async () => {
        const { order } = await this.backend.call('orders.detail', { token, params: { uid: orderUid } });
        return order.reference ?? null;
      });
      return { reference };
    } catch (error) {
      const status = error instanceof BackendError ? error.details.status : null;
      // Missing or not this user's: the same answer, so presence cannot probe which orders exist.
      if (status === 403 || status === 404)
        throw new TRPCError({
          code: 'NOT_FOUND',
          message: 'No such order: it does not exist or you cannot open it',
        });
      throw error;
    }
  }
}
