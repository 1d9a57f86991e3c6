import { type DataSection, DURABLE } from '../storage/data-store.js';

/** What a user's token list shows of one script token; the token itself is never kept. */
export interface ScriptTokenEntry {
  /** The session's key (a digest of the token): what revoking names. */
  key: string;
  name: string;
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
}

/**
 * Each user's script tokens. On disk under DATA_DIR on a single-process gateway, in Redis with
 * REDIS_URL (scale/redis-script-token-store.ts). The sessions themselves are in the session store.
 */
export interface ScriptTokenStore {
  list(owner: string): Promise<ScriptTokenEntry[]>;
  /** Adds or replaces the entry with the same key. */
  put(owner: string, entry: ScriptTokenEntry): Promise<void>;
  /** False when the user has no such token. */
  remove(owner: string, key: string): Promise<boolean>;
  /** Sets the entry's lastUsedAt, if it is still there (never brings back a revoked one). */
  touch(owner: string, key: string, at: number): Promise<void>;
}

function parse(raw: string | undefined): ScriptTokenEntry[] {
  if (raw === undefined) return [];
  try {
    const entries = JSON.parse(raw) as unknown;
    return Array.isArray(entries) ? (entries as ScriptTokenEntry[]) : [];
  } catch {
    return [];
  }
}

/** One record per user (at most SCRIPT_TOKENS_MAX_PER_USER entries); writes to it run one at a time. */
export class DiskScriptTokenStore implements ScriptTokenStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly section: DataSection) {}

  async list(owner: string): Promise<ScriptTokenEntry[]> {
    return parse(await this.section.get(owner));
  }

  put(owner: string, entry: ScriptTokenEntry): Promise<void> {
    return this.update(owner, (entries) => [...entries.filter((e) => e.key !== entry.key), entry]);
  }

  async remove(owner: string, key: string): Promise<boolean> {
    let found = false;
    await this.update(owner, (entries) => {
      found = entries.some((e) => e.key === key);
      return entries.filter((e) => e.key !== key);
    });
    return found;
  }

  touch(owner: string, key: string, at: number): Promise<void> {
    return this.update(owner, (entries) =>
      entries.map((e) => (e.key === key ? { ...e, lastUsedAt: at } : e)),
    );
  }

  private update(owner: string, change: (entries: ScriptTokenEntry[]) => ScriptTokenEntry[]): Promise<void> {
    const run = this.queue.then(async () => {
      const entries = change(parse(await this.section.get(owner)));
      if (entries.length === 0) await this.section.del(owner, DURABLE);
      else await this.section.put(owner, JSON.stringify(entries), DURABLE);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
