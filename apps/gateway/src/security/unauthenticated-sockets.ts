import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { WS_CLOSE } from './ws-guard.js';

export interface UnauthenticatedSocketsOptions {
  /** Sockets without credentials one client address may hold open (WS_MAX_UNAUTHENTICATED_PER_ADDRESS). */
  maxPerAddress: number;
  /** A socket without credentials is closed after this unless it sends them (WS_AUTH_DEADLINE_MS). */
  deadlineMs: number;
  /**
   * Whether a connectionParams credential names a live session (or a backend token the backend
   * accepts); a socket whose credential fails it stays without credentials.
   */
  verify: (credential: string) => Promise<boolean>;
  logger: FastifyBaseLogger;
}

/** The token of tRPC's connectionParams message, if it carries one. */
function paramsToken(raw: unknown): string | null {
  if (!Buffer.isBuffer(raw) || raw.length > 16_384) return null;
  try {
    const msg = JSON.parse(raw.toString('utf8')) as { method?: unknown; data?: { token?: unknown } | null };
    const token = msg.method === 'connectionParams' ? msg.data?.token : undefined;
    return typeof token === 'string' && token.length > 0 ? token : null;
  } catch {
    return null;
  }
}

/**
 * Websockets that carry no credentials: capped per client address, and closed (1008) unless they
 * authenticate within the deadline. A socket with a credential in its upgrade (cookie or bearer) is
 * authenticated from the start; one opened for
 * connectionParams is once its first message carries a credential that `verify` accepts: a made-up
 * token does not keep a socket open. The address is the client's as Fastify sees it (X-Forwarded-For only from trusted proxies).
 */
export class UnauthenticatedSockets {
  readonly #byAddress = new Map<string, Set<WebSocket>>();
  readonly #addressOf = new WeakMap<IncomingMessage, string>();

  constructor(private readonly opts: UnauthenticatedSocketsOptions) {}

  /** Sockets without credentials open from one address. */
  count(address: string): number {
    return this.#byAddress.get(address)?.size ?? 0;
  }

  /** Records the client address of an upgrade (from the request hook, where trustProxy applies). */
  noteAddress(req: IncomingMessage, address: string): void {
    this.#addressOf.set(req, address);
  }

  /** True when an upgrade without credentials from this address must be refused. */
  isFull(address: string): boolean {
    return this.count(address) >= this.opts.maxPerAddress;
  }

  /** Called on every accepted websocket; `authenticated` when its upgrade carried a credential. */
  attach(socket: WebSocket, req: IncomingMessage, authenticated: boolean): void {
    // Sessions named at the upgrade are checked there and by the session sweep (auth/).
    if (authenticated) return;
    const address = this.#addressOf.get(req) ?? req.socket.remoteAddress ?? 'unknown';
    const set = this.#byAddress.get(address) ?? new Set<WebSocket>();
    // Upgrades racing past the request check are refused here.
    if (set.size >= this.opts.maxPerAddress) {
      this.opts.logger.warn(
        { max: this.opts.maxPerAddress },
        'websocket refused: too many without credentials',
      );
      socket.close(WS_CLOSE.policy, this.refusal.replace(/^Too/, 'too'));
      return;
    }
    set.add(socket);
    this.#byAddress.set(address, set);
    const seconds = Math.max(1, Math.round(this.opts.deadlineMs / 1000));
    const timer = setTimeout(() => {
      this.opts.logger.info('websocket closed: no credentials within the deadline');
      socket.close(WS_CLOSE.policy, `not signed in within ${seconds} s (WS_AUTH_DEADLINE_MS)`);
    }, this.opts.deadlineMs);
    timer.unref();
    const forget = () => {
      clearTimeout(timer);
      set.delete(socket);
      if (set.size === 0 && this.#byAddress.get(address) === set) this.#byAddress.delete(address);
    };
    socket.once('close', forget);
    socket.once('message', (raw) => {
      const token = paramsToken(raw);
      if (!token) return;
      // A check that fails (a session store not answering) leaves the socket to its deadline.
      this.opts.verify(token).then(
        (ok) => {
          if (ok) forget();
        },
        (error: unknown) => this.opts.logger.warn({ err: error }, 'websocket credential check failed'),
      );
    });
  }

  /** The refusal text of an upgrade over the cap. */
  get refusal(): string {
    return `Too many websockets without credentials from this address (max ${this.opts.maxPerAddress}, WS_MAX_UNAUTHENTICATED_PER_ADDRESS)`;
  }
}
