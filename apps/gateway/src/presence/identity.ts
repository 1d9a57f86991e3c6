import { createHash } from 'node:crypto';
import type { Team } from '@waybill/contracts';
import type { BackendCaller } from '../realtime/types.js';
import { TtlCache } from '../reference/ttl-cache.js';

export interface Person {
  uid: string;
  name: string;
  /** The comment team a user belongs to: development staff, everyone else non-technical. */
  team: Team;
}

export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Who a backend token belongs to (users.me), remembered for five minutes per token. */
export class Identity {
  private readonly cache = new TtlCache<Person>({ ttlMs: 5 * 60_000, maxEntries: 10_000 });

  constructor(private readonly backend: BackendCaller) {}

  of(token: string, signal?: AbortSignal): Promise<Person> {
    return this.cache.get(hashOf(token), async () => {
      const { user } = await this.backend.call('users.me', { token, ...(signal ? { signal } : {}) });
      return {
        uid: user.uid,
        name: user.name,
        team: user.department === 'development' ? 'development' : 'non-technical',
      };
    });
  }
}
