import { createHash } from 'node:crypto';
import type { BackendResponse, User } from '@waybill/contracts';
import type { BackendClient } from '../backend/backend-client.js';
import { TtlCache } from './ttl-cache.js';

export type Organizations = BackendResponse<'organizations'>;
export type SellingChannels = BackendResponse<'sellingChannels'>;
export type FulfillmentCenters = BackendResponse<'fulfillmentCenters'>;

export interface ReferenceCacheOptions {
  backend: BackendClient;
  ttlMs?: number;
  /** How long a validated token → user lookup is trusted. */
  userTtlMs?: number;
  now?: () => number;
}

/** A token is never a cache key or log field as is. */
function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * What a user may see of the reference lists depends on who they are, so lists are shared between
 * users of the same scope (superadmin flag + access_to), never across scopes. Every read first
 * validates the caller's token (through a short users.me cache), so an invalid token reads nothing.
 */
function scopeKey(user: User): string {
  return JSON.stringify([user.superadmin, [...user.access_to].sort()]);
}

export class ReferenceCache {
  readonly #backend: BackendClient;
  readonly #users: TtlCache<User>;
  readonly #organizations: TtlCache<Organizations>;
  readonly #sellingChannels: TtlCache<SellingChannels>;
  readonly #fulfillmentCenters: TtlCache<FulfillmentCenters>;

  constructor(options: ReferenceCacheOptions) {
    const ttlMs = options.ttlMs ?? 60_000;
    const now = options.now;
    this.#backend = options.backend;
    this.#users = new TtlCache({ ttlMs: options.userTtlMs ?? 30_000, maxEntries: 50_000, now });
    this.#organizations = new TtlCache({ ttlMs, maxEntries: 1000, now });
    this.#sellingChannels = new TtlCache({ ttlMs, maxEntries: 1000, now });
    this.#fulfillmentCenters = new TtlCache({ ttlMs, maxEntries: 1, now });
  }

  /** The caller's user (users.me), cached briefly per token; throws UNAUTHORIZED for a bad token. */
  async user(token: string): Promise<User> {
    return this.#users.get(
      tokenKey(token),
      async () => (await this.#backend.call('users.me', { token })).user,
    );
  }

  /** True when users.me accepted the token lately (its user is cached). */
  knows(token: string): boolean {
    return this.#users.has(tokenKey(token));
  }

  /** Forget a token (logout). */
  forget(token: string): void {
    this.#users.delete(tokenKey(token));
  }

  async organizations(token: string): Promise<Organizations> {
    const user = await this.user(token);
    return this.#organizations.get(scopeKey(user), () => this.#backend.call('organizations', { token }));
  }

  async sellingChannels(token: string): Promise<SellingChannels> {
    const user = await this.user(token);
    return this.#sellingChannels.get(scopeKey(user), () => this.#backend.call('sellingChannels', { token }));
  }

  /** Public on the backend, so one list for everyone; still only for signed-in callers. */
  async fulfillmentCenters(token: string): Promise<FulfillmentCenters> {
    await this.user(token);
    return this.#fulfillmentCenters.get('all', () => this.#backend.call('fulfillmentCenters', {}));
  }

  clear(): void {
    this.#organizations.clear();
    this.#sellingChannels.clear();
    this.#fulfillmentCenters.clear();
  }
}
