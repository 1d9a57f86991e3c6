import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { parseCookieHeader, tokenFrom } from '../context.js';

/** Close codes a client sees when the guard ends its socket (RFC 6455 1008 = policy violation). */
export const WS_CLOSE = {
  policy: 1008,
  /** Application range: the session was signed out, reconnecting with the same token is pointless. */
  signedOut: 4401,
} as const;

export interface WsGuardOptions {
  /** Open websockets per session token; the next upgrade is refused with 429. */
  maxPerUser: number;
  /** Messages per socket per second; more closes that socket with 1008. */
  messagesPerSecond: number;
  logger: FastifyBaseLogger;
}

interface Tracked {
  token: string | null;
  windowStart: number;
  count: number;
}

/**
 * Per-socket message rate limit, per-session socket cap, and "close every socket of this session"
 * for logout. Sits in front of tRPC's own message listener so refused messages never reach it.
 */
export class WsGuard {
  private readonly byToken = new Map<string, Set<WebSocket>>();
  private readonly sockets = new WeakMap<WebSocket, Tracked>();

  constructor(private readonly opts: WsGuardOptions) {}

  /** Open sockets of one session. */
  count(token: string): number {
    return this.byToken.get(token)?.size ?? 0;
  }

  /** True when an upgrade carrying this token (cookie or bearer) must be refused before it happens. */
  isFull(token: string | null): boolean {
    return token !== null && this.count(token) >= this.opts.maxPerUser;
  }

  /** Token an upgrade request carries in its Cookie or Authorization header. */
  static tokenOf(req: Pick<IncomingMessage, 'headers'>): string | null {
    return tokenFrom(req.headers, parseCookieHeader(req.headers.cookie), null);
  }

  /** Called on every accepted websocket before tRPC attaches its listeners. */
  attach(socket: WebSocket, req: IncomingMessage): void {
    const tracked: Tracked = { token: null, windowStart: Date.now(), count: 0 };
    this.sockets.set(socket, tracked);
    socket.once('close', () => this.forget(socket));
    const headerToken = WsGuard.tokenOf(req);
    if (headerToken && !this.register(socket, headerToken)) return;
    // connectionParams arrive in the first message when the URL asks for them.
    let awaitingParams = !headerToken && /[?&]connectionParams=1\b/.test(req.url ?? '');

    const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
    // Filtering emit (not adding a listener) is the only way to stop tRPC from seeing a message.
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event !== 'message') return emit(event, ...args);
      if (!this.allowMessage(socket, tracked)) return false;
      if (awaitingParams) {
        awaitingParams = false;
        const token = paramsToken(args[0]);
        if (token && !this.register(socket, token)) return false;
      }
      return emit(event, ...args);
    }) as WebSocket['emit'];
  }

  /** Credentials (session ids, for the console) that have open sockets here. */
  tokens(): string[] {
    return [...this.byToken.keys()];
  }

  /** Closes every open socket of a session (logout); returns how many were closed. */
  closeToken(token: string): number {
    const set = this.byToken.get(token);
    if (!set) return 0;
    const sockets = [...set];
    for (const socket of sockets) socket.close(WS_CLOSE.signedOut, 'signed out');
    this.byToken.delete(token);
    return sockets.length;
  }

  private register(socket: WebSocket, token: string): boolean {
    const tracked = this.sockets.get(socket);
    if (!tracked) return false;
    const set = this.byToken.get(token) ?? new Set<WebSocket>();
    if (set.size >= this.opts.maxPerUser) {
      this.opts.logger.warn({ max: this.opts.maxPerUser }, 'websocket refused: too many for one session');
      socket.close(WS_CLOSE.policy, `too many websockets for this session (max ${this.opts.maxPerUser})`);
      return false;
    }
    set.add(socket);
    this.byToken.set(token, set);
    tracked.token = token;
    return true;
  }

  private allowMessage(socket: WebSocket, tracked: Tracked): boolean {
    const now = Date.now();
    if (now - tracked.windowStart >= 1000) {
      tracked.windowStart = now;
      tracked.count = 0;
    }
    tracked.count += 1;
    if (tracked.count <= this.opts.messagesPerSecond) return true;
    if (tracked.count === this.opts.messagesPerSecond + 1) {
      this.opts.logger.warn({ max: this.opts.messagesPerSecond }, 'websocket closed: message rate limit');
      socket.close(WS_CLOSE.policy, `more than ${this.opts.messagesPerSecond} messages per second`);
    }
    return false;
  }

  private forget(socket: WebSocket): void {
    const tracked = this.sockets.get(socket);
    if (!tracked?.token) return;
    const set = this.byToken.get(tracked.token);
    set?.delete(socket);
    if (set?.size === 0) this.byToken.delete(tracked.token);
  }
}

/** The token in a tRPC connectionParams message, if it is one; anything malformed is left to tRPC. */
function paramsToken(raw: unknown): string | null {
  if (!Buffer.isBuffer(raw) || raw.length > 16_384) return null;
  try {
    const msg: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof msg !== 'object' || msg === null) return null;
    const data = (msg as { method?: unknown; data?: unknown }).data;
    if ((msg as { method?: unknown }).method !== 'connectionParams' || typeof data !== 'object' || !data)
      return null;
    const token = (data as { token?: unknown }).token;
    return typeof token === 'string' && token.length > 0 ? token : null;
  } catch {
    return null;
  }
}
