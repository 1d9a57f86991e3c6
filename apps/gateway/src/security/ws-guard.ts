import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

/** Close codes a client sees when the guard ends its socket (RFC 6455 1008 = policy violation). */
export const WS_CLOSE = {
  policy: 1008,
  /** Application range: the session was signed out, reconnecting with the same token is pointless. */
  signedOut: 4401,
} as const;

export interface WsGuardOptions {
  /** Open websockets per verified identity; the next upgrade is refused with 429. */
  maxPerUser: number;
  /**
   * Messages per socket per second, on average: a token bucket refilled at this rate, holding
   * WS_BURST_SECONDS of it. A socket sending faster for longer than its burst is closed with 1008.
   */
  messagesPerSecond: number;
  /** Unsent bytes a socket may hold, and twice that a session's sockets together; past it, closed. */
  maxUnsentBytes: number;
  logger: FastifyBaseLogger;
  /** The clock the message rate is measured by (replaced in tests). */
  now?: () => number;
}

/**
 * Seconds' worth of messages a socket may send at once after a quiet spell. Messages are counted
 * when the gateway reads them, not when they were sent: a busy event loop reads seconds of a
 * client's messages together, and a client keeping to the rate must not be closed for that.
 */
export const WS_BURST_SECONDS = 3;

/** Below this much unsent a send is not checked further: a socket reading along never pays for it. */
const UNSENT_CHECKED_FROM = 256 * 1024;

interface Tracked {
  identity: string | null;
  /** Messages the socket may still send now (the bucket), as of `refilledAt`. */
  tokens: number;
  refilledAt: number;
}

/**
 * Per-socket message rate limit, per-identity socket cap, and closing every socket of a session
 * on logout. Sits in front of tRPC's own message listener so refused messages never reach it.
 * Only verified identities (a live session id, a backend token the backend accepted: see
 * socket-credentials.ts) are admitted, so a made-up token never gets a cap of its own.
 */
export class WsGuard {
  private readonly byIdentity = new Map<string, Set<WebSocket>>();
  private readonly sockets = new WeakMap<WebSocket, Tracked>();

  private readonly now: () => number;

  constructor(private readonly opts: WsGuardOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Open sockets of one identity. */
  count(identity: string): number {
    return this.byIdentity.get(identity)?.size ?? 0;
  }

  /** True when an upgrade of this verified identity must be refused before it happens. */
  isFull(identity: string): boolean {
    return this.count(identity) >= this.opts.maxPerUser;
  }

  /** Called on every accepted websocket before tRPC attaches its listeners. */
  attach(socket: WebSocket): void {
    const tracked: Tracked = { identity: null, tokens: this.burst(), refilledAt: this.now() };
    this.sockets.set(socket, tracked);
    socket.once('close', () => this.forget(socket));
    const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
    // Filtering emit (not adding a listener) is the only way to stop tRPC from seeing a message.
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event !== 'message') return emit(event, ...args);
      // A socket being closed (signed out, over a limit) runs nothing more: a client that does not
      // answer the close frame would otherwise go on calling until ws gives up on it, 30 s later.
      if (socket.readyState !== socket.OPEN) return false;
      if (!this.allowMessage(socket, tracked)) return false;
      return emit(event, ...args);
    }) as WebSocket['emit'];
    // Every writer (tRPC's answers and pushes, the cohorts' direct pushes) goes through send.
    const send = socket.send.bind(socket) as (...args: unknown[]) => void;
    socket.send = ((...args: unknown[]) => {
      if (socket.bufferedAmount > UNSENT_CHECKED_FROM && this.tooMuchUnsent(socket, tracked)) return;
      send(...args);
    }) as WebSocket['send'];
  }

  /**
   * Counts an attached socket under its verified identity; over the cap it is closed (1008) and
   * false returned.
   */
  admit(socket: WebSocket, identity: string): boolean {
    const tracked = this.sockets.get(socket);
    if (!tracked || tracked.identity !== null) return false;
    const set = this.byIdentity.get(identity) ?? new Set<WebSocket>();
    if (set.size >= this.opts.maxPerUser) {
      this.opts.logger.warn({ max: this.opts.maxPerUser }, 'websocket refused: too many for one session');
      socket.close(WS_CLOSE.policy, `too many websockets for this session (max ${this.opts.maxPerUser})`);
      return false;
    }
    set.add(socket);
    this.byIdentity.set(identity, set);
    tracked.identity = identity;
    return true;
  }

  /** Identities (session ids, for the console) that have open sockets here. */
  tokens(): string[] {
    return [...this.byIdentity.keys()];
  }

  /** Closes every open socket of an identity (logout); returns how many were closed. */
  closeToken(identity: string): number {
    const set = this.byIdentity.get(identity);
    if (!set) return 0;
    const sockets = [...set];
    for (const socket of sockets) socket.close(WS_CLOSE.signedOut, 'signed out');
    this.byIdentity.delete(identity);
    return sockets.length;
  }

  /**
   * A client that stops reading would have the gateway hold every push for it: tRPC's handler queues
   * whatever a subscription yields (holds, notifications, activity), whatever the socket holds
   * unsent. Past the cap the socket is closed at once (no close frame: it would queue behind the
   * rest); a console reconnects and resumes from its last event.
   */
  private tooMuchUnsent(socket: WebSocket, tracked: Tracked): boolean {
    const max = this.opts.maxUnsentBytes;
    const own = socket.bufferedAmount;
    let session = own;
    if (own <= max && tracked.identity)
      for (const other of this.byIdentity.get(tracked.identity) ?? [])
        if (other !== socket) session += other.bufferedAmount;
    if (own <= max && session <= 2 * max) return false;
    this.opts.logger.warn(
      { unsentBytes: own, sessionUnsentBytes: session, max },
      'websocket closed: its client stopped reading (WS_MAX_UNSENT_BYTES)',
    );
    socket.terminate();
    return true;
  }

  private burst(): number {
    return this.opts.messagesPerSecond * WS_BURST_SECONDS;
  }

  /** Takes one message from the socket's bucket; an empty bucket closes the socket (once). */
  private allowMessage(socket: WebSocket, tracked: Tracked): boolean {
    const rate = this.opts.messagesPerSecond;
    const now = this.now();
    const refill = (Math.max(0, now - tracked.refilledAt) * rate) / 1000;
    tracked.tokens = Math.min(this.burst(), tracked.tokens + refill);
    tracked.refilledAt = now;
    if (tracked.tokens >= 1) {
      tracked.tokens -= 1;
      return true;
    }
    this.opts.logger.warn({ max: rate, burst: this.burst() }, 'websocket closed: message rate limit');
    // Closing makes the socket not OPEN: every later message is dropped before it gets here.
    socket.close(WS_CLOSE.policy, `more than ${rate} messages per second`);
    return false;
  }

  private forget(socket: WebSocket): void {
    const tracked = this.sockets.get(socket);
    if (!tracked?.identity) return;
    const set = this.byIdentity.get(tracked.identity);
    set?.delete(socket);
    if (set?.size === 0) this.byIdentity.delete(tracked.identity);
  }
}
