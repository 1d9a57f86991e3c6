import { createHash } from 'node:crypto';
import type { ReferenceCache } from '../reference/reference-cache.js';
import { TtlCache } from '../reference/ttl-cache.js';
import { clientKey } from '../security/client-key.js';
import type { WindowCounts } from '../security/comment-rate.js';
import { limitRefusal } from '../security/limit-reached.js';

export interface BackendTokenCheckOptions {
  reference: ReferenceCache;
  /** Backend tokens the gateway has not seen, asked about per client address and window. */
  counts: WindowCounts;
  max: number;
  windowMs: number;
  /** How long a refused token is answered without asking the backend again. */
  refusedTtlMs?: number;
  now?: () => number;
}

const tokenKey = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Whether the backend accepts a backend token a script sends instead of a session id. Holds,
 * activity and the other records the gateway keeps answer without a backend call, so the shape of
 * a token is never enough. An accepted token is known for the users.me cache's lifetime and a
 * refused one for a minute; a token seen for the first time costs the backend a users.me call, so
 * those asks count per client address (the sign-in limit's numbers: presenting an unknown token is
 * signing in), and made-up tokens cannot make the backend answer without end.
 */
export class BackendTokenCheck {
  readonly #refused: TtlCache<true>;

  constructor(private readonly opts: BackendTokenCheckOptions) {
    this.#refused = new TtlCache({
      ttlMs: opts.refusedTtlMs ?? 60_000,
      maxEntries: 10_000,
      ...(opts.now ? { now: opts.now } : {}),
    });
  }

  /**
   * True when the backend accepts `token`, false when it refuses it. Throws TOO_MANY_REQUESTS when
   * `address` asked about too many unknown tokens lately, and the backend's error when it cannot tell.
   */
  async accepts(token: string, address: string): Promise<boolean> {
    const { reference } = this.opts;
    if (reference.knows(token)) return true;
    const key = tokenKey(token);
    if (this.#refused.has(key)) return false;
    const { max, windowMs } = this.opts;
    const taken = await this.opts.counts.take(clientKey(address), 1, max, windowMs);
    if (!taken.ok) {
      const wait = Math.max(1, Math.ceil(taken.retryInMs / 1000));
      throw limitRefusal(
        'TOO_MANY_REQUESTS',
        'SIGNIN_RATE_MAX',
        `Too many sign-in attempts from this address (at most ${max} per ${Math.ceil(windowMs / 1000)} s, unknown tokens included): try again in ${wait} s`,
      );
    }
    try {
      await reference.user(token);
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'UNAUTHORIZED') throw error;
      this.#refused.set(key, true);
      return false;
    }
  }
}
