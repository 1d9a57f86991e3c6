import type { IncomingMessage } from 'node:http';
import {
  classifyCredential,
  credentialFrom,
  type PresentedCredential,
  parseCookieHeader,
} from '../context.js';

export interface CredentialCheckOptions {
  /** True when a session id names a live session (one session-store read). */
  sessionIsLive(id: string): Promise<boolean>;
  /**
   * True when the backend accepted the token lately, known without asking it (the users.me cache:
   * a token signed out since is no longer known).
   */
  backendKnows(token: string): boolean;
  /**
   * True when the backend accepts the token; throws when it cannot tell (down, overloaded) or when
   * `address` asked about too many new tokens lately.
   */
  backendAccepts(token: string, address: string): Promise<boolean>;
  /** Logs a check that could not be answered. */
  onCheckFailed(error: unknown): void;
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
  constructor(private readonly opts: CredentialCheckOptions) {}

  /**
   * The identity when it is known without a backend call: a session id is looked up in the store,
   * a backend token counts only if the backend accepted it lately. Null otherwise.
   */
  async quick(credential: PresentedCredential): Promise<string | null> {
    const kind = classifyCredential(credential);
    if (kind.kind === 'session') return (await this.#sessionIsLive(kind.id)) ? kind.id : null;
    if (kind.kind === 'backend' && this.opts.backendKnows(kind.token)) return kind.token;
    return null;
  }

  /**
   * The identity, asking the backend about a backend token if need be (for a client at `address`);
   * null when not verified.
   */
  async verify(credential: PresentedCredential, address: string): Promise<string | null> {
    const kind = classifyCredential(credential);
    if (kind.kind !== 'backend') return this.quick(credential);
    try {
      return (await this.opts.backendAccepts(kind.token, address)) ? kind.token : null;
    } catch (error) {
      // No answer is no verification: an overloaded backend must not let made-up tokens in.
      this.opts.onCheckFailed(error);
      return null;
    }
  }

  async #sessionIsLive(id: string): Promise<boolean> {
    try {
      return await this.opts.sessionIsLive(id);
    } catch (error) {
      this.opts.onCheckFailed(error);
      return false;
    }
  }
}
