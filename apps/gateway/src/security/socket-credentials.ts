import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  classifyCredential,
  credentialFrom,
  type PresentedCredential,
  parseCookieHeader,
} from '../context.js';

/** How long a backend token the backend accepted counts as verified without asking again. */
const ACCEPTED_TTL_MS = 30_000;
/** Accepted backend tokens remembered at once (oldest forgotten first). */
const ACCEPTED_MAX = 10_000;

export interface CredentialCheckOptions {
  /** True when a session id names a live session (one session-store read). */
  sessionIsLive(id: string): Promise<boolean>;
  /**
   * True when the backend accepts the token; throws when it cannot tell (down, overloaded) or when
   * `address` asked about too many new tokens lately.
   */
  backendAccepts(token: string, address: string): Promise<boolean>;
  /** Logs a check that could not be answered. */
  onCheckFailed(error: unknown): void;
  now?: () => number;
}

/** The credential an upgrade carries in its Cookie or Authorization header. */
export function headerCredential(req: Pick<IncomingMessage, 'headers'>): PresentedCredential | null {
  return credentialFrom(req.headers, parseCookieHeader(req.headers.cookie), null);
}

/** The token of tRPC's connectionParams message, if it carries one; anything else is left to tRPC. */
export function paramsCredential(raw: unknown): PresentedCredential | null {
  if (!Buffer.isBuffer(raw) || raw.length > 16_384) return null;
  try {
    const msg = JSON.parse(raw.toString('utf8')) as { method?: unknown; data?: { token?: unknown } | null };
    const token = msg.method === 'connectionParams' ? msg.data?.token : undefined;
    return typeof token === 'string' && token.length > 0 ? { value: token, source: 'params' } : null;
  } catch {
    return null;
  }
}

/**
 * Turns the credential a websocket presents into a verified identity: a session id found live in
 * the session store, or a backend token the backend accepted. The identity is that id or token;
 * sockets are counted and closed (logout) by it. Nothing else, however well-formed, authenticates.
 */
export class CredentialCheck {
  /** sha256 of an accepted backend token → until when it counts as verified. */
  readonly #accepted = new Map<string, number>();
  readonly #now: () => number;

  constructor(private readonly opts: CredentialCheckOptions) {
    this.#now = opts.now ?? Date.now;
  }

  /**
   * The identity when it is known without a backend call: a session id is looked up in the store,
   * a backend token counts only if the backend accepted it lately. Null otherwise.
   */
  async quick(credential: PresentedCredential): Promise<string | null> {
    const kind = classifyCredential(credential);
    if (kind.kind === 'session') return (await this.#sessionIsLive(kind.id)) ? kind.id : null;
    if (kind.kind === 'backend' && this.#wasAccepted(kind.token)) return kind.token;
    return null;
  }

  /**
   * The identity, asking the backend about a backend token if need be (for a client at `address`);
   * null when not verified.
   */
  async verify(credential: PresentedCredential, address: string): Promise<string | null> {
    const kind = classifyCredential(credential);
    if (kind.kind !== 'backend') return this.quick(credential);
    if (this.#wasAccepted(kind.token)) return kind.token;
    try {
      if (!(await this.opts.backendAccepts(kind.token, address))) return null;
    } catch (error) {
      // No answer is no verification: an overloaded backend must not let made-up tokens in.
      this.opts.onCheckFailed(error);
      return null;
    }
    this.#remember(kind.token);
    return kind.token;
  }

  async #sessionIsLive(id: string): Promise<boolean> {
    try {
      return await this.opts.sessionIsLive(id);
    } catch (error) {
      this.opts.onCheckFailed(error);
      return false;
    }
  }

  #wasAccepted(token: string): boolean {
    const key = hash(token);
    const until = this.#accepted.get(key);
    if (until === undefined) return false;
    if (until > this.#now()) return true;
    this.#accepted.delete(key);
    return false;
  }

  #remember(token: string): void {
    const key = hash(token);
    this.#accepted.delete(key);
    this.#accepted.set(key, this.#now() + ACCEPTED_TTL_MS);
    while (this.#accepted.size > ACCEPTED_MAX) {
      const oldest = this.#accepted.keys().next();
      if (oldest.done) break;
      this.#accepted.delete(oldest.value);
    }
  }
}

/** Accepted tokens are remembered by digest, so the cache holds nothing a log or heap dump could replay. */
function hash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
