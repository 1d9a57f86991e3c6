import type { PerUserLock } from '../scale/per-user-lock.js';
import { newSessionId } from './credentials.js';
import type { ScriptTokenEntry, ScriptTokenStore } from './script-token-store.js';
import { sessionKey } from './session-expiry.js';
import type { SessionStore } from './session-store.js';

const DAY_MS = 86_400_000;

/** How often a token's "last used" is written at most, per replica: a busy script writes once a minute. */
const LAST_USED_WRITE_MS = 60_000;

export class ScriptTokenLimitError extends Error {
  override name = 'ScriptTokenLimitError';
}

export interface ScriptTokensOptions {
  sessions: SessionStore;
  store: ScriptTokenStore;
  ttlDays: number;
  /** SESSION_MAX_MS: no session outlives it, a script token neither. */
  maxLifetimeMs: number;
  maxPerUser: number;
  /** One creation at a time per user, over every replica on Redis: the cap is read before the write. */
  lock: PerUserLock;
  logger: { warn(obj: object, msg?: string): void };
  now?: () => number;
}

/**
 * Script tokens: long-lived gateway sessions a signed-in user makes for their scripts, sent as
 * `Authorization: Bearer`. Each is a session of its own (it carries the maker's backend token, has
 * no idle timeout, and ends on every replica when revoked); the store lists them per user by the
 * session's key, so neither store holds a usable token.
 */
export class ScriptTokens {
  private readonly lastWritten = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly opts: ScriptTokensOptions) {
    this.now = opts.now ?? Date.now;
  }

  get maxPerUser(): number {
    return this.opts.maxPerUser;
  }

  /** The user's live tokens, newest first (expired ones are dropped from the list). */
  async list(owner: string): Promise<ScriptTokenEntry[]> {
    const now = this.now();
    const entries = await this.opts.store.list(owner);
    for (const gone of entries.filter((e) => e.expiresAt <= now))
      await this.opts.store.remove(owner, gone.key);
    return entries.filter((e) => e.expiresAt > now).sort((a, b) => b.createdAt - a.createdAt);
  }

  /** A new token for `owner`, acting with `backendToken`: the only time the token itself is seen. */
  async create(owner: string, name: string, backendToken: string) {
    return this.opts.lock.run('script-tokens', owner, async () => {
      const live = (await this.list(owner)).length;
      if (live >= this.opts.maxPerUser)
        throw new ScriptTokenLimitError(
          `You have ${live} script tokens, the most allowed (SCRIPT_TOKENS_MAX_PER_USER=${this.opts.maxPerUser}): revoke one first`,
        );
      const now = this.now();
      const lifetimeMs = Math.min(this.opts.ttlDays * DAY_MS, this.opts.maxLifetimeMs);
      const token = newSessionId();
      const entry: ScriptTokenEntry = {
        key: sessionKey(token),
        name,
        createdAt: now,
        expiresAt: now + lifetimeMs,
        lastUsedAt: null,
      };
      await this.opts.sessions.create(token, {
        token: backendToken,
        createdAt: now,
        expiresAt: entry.expiresAt,
        idleMs: lifetimeMs,
        owner,
      });
      await this.opts.store.put(owner, entry);
      return { token, entry };
    });
  }

  /** Ends the token on every replica (its websockets close); false when the user has no such token. */
  async revoke(owner: string, key: string): Promise<boolean> {
    const entries = await this.opts.store.list(owner);
    if (!entries.some((e) => e.key === key)) return false;
    // Off the list first: a use recorded meanwhile then finds nothing to update.
    await this.opts.store.remove(owner, key);
    await this.opts.sessions.revokeKey(key);
    this.lastWritten.delete(key);
    return true;
  }

  /** Records a use of the token with session key `key` (at most once a minute per replica; never waits). */
  used(owner: string, key: string): void {
    const now = this.now();
    const last = this.lastWritten.get(key);
    if (last !== undefined && now - last < LAST_USED_WRITE_MS) return;
    this.lastWritten.set(key, now);
    if (this.lastWritten.size > 10_000)
      this.lastWritten.delete(this.lastWritten.keys().next().value as string);
    void this.opts.store
      .touch(owner, key, now)
      .catch((error: unknown) =>
        this.opts.logger.warn({ err: (error as Error).message }, 'script tokens: recording a use failed'),
      );
  }
}
