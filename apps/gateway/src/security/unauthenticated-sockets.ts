import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { clientKey } from './client-key.js';
import { WS_CLOSE } from './ws-guard.js';

export interface UnauthenticatedSocketsOptions {
  /** Sockets without a verified credential one client address may hold open (WS_MAX_UNAUTHENTICATED_PER_ADDRESS). */
  maxPerAddress: number;
  /** A socket is closed after this unless its credential is verified first (WS_AUTH_DEADLINE_MS). */
  deadlineMs: number;
  logger: FastifyBaseLogger;
}

interface Held {
  address: string;
  timer: NodeJS.Timeout;
}

/**
 * Websockets whose credential is not verified (none, made up, or still being checked): capped per
 * client address, and closed (1008) at the deadline unless `release` is called first, when the
 * credential is verified. The address is `request.ip` from the upgrade: X-Forwarded-For counts only
 * from TRUST_PROXY.
 */
export class UnauthenticatedSockets {
  readonly #byAddress = new Map<string, Set<WebSocket>>();
  readonly #addressOf = new WeakMap<IncomingMessage, string>();
  readonly #held = new WeakMap<WebSocket, Held>();

  constructor(private readonly opts: UnauthenticatedSocketsOptions) {}

  /** Sockets without a verified credential open from one address (an IPv6 one: its /64). */
  count(address: string): number {
    return this.#byAddress.get(clientKey(address))?.size ?? 0;
  }

  /** Records the client address of an upgrade (from the request hook, where trustProxy applies). */
  noteAddress(req: IncomingMessage, address: string): void {
    this.#addressOf.set(req, clientKey(address));
  }

  /** True when an unverified upgrade from this address must be refused. */
  isFull(address: string): boolean {
    return this.count(address) >= this.opts.maxPerAddress;
  }

  /**
   * Holds an accepted, unverified websocket against its address and starts its deadline; over the
   * cap it is closed instead and false returned.
   */
  attach(socket: WebSocket, req: IncomingMessage): boolean {
    const address = this.#addressOf.get(req) ?? clientKey(req.socket.remoteAddress ?? 'unknown');
    const set = this.#byAddress.get(address) ?? new Set<WebSocket>();
    // Upgrades racing past the request check are refused here.
    if (set.size >= this.opts.maxPerAddress) {
      this.opts.logger.warn(
        { address, max: this.opts.maxPerAddress },
        'websocket refused: too many not signed in from one address',
      );
      socket.close(WS_CLOSE.policy, this.refusal.replace(/^Too/, 'too'));
      return false;
    }
    set.add(socket);
    this.#byAddress.set(address, set);
    const seconds = Math.max(1, Math.round(this.opts.deadlineMs / 1000));
    const timer = setTimeout(() => {
      this.opts.logger.info({ address }, 'websocket closed: no verified credentials within the deadline');
      socket.close(WS_CLOSE.policy, `not signed in within ${seconds} s (WS_AUTH_DEADLINE_MS)`);
    }, this.opts.deadlineMs);
    timer.unref();
    this.#held.set(socket, { address, timer });
    socket.once('close', () => this.release(socket));
    return true;
  }

  /** Stops counting a socket (verified, or closed); false when it was not held. */
  release(socket: WebSocket): boolean {
    const held = this.#held.get(socket);
    if (!held) return false;
    this.#held.delete(socket);
    clearTimeout(held.timer);
    const set = this.#byAddress.get(held.address);
    set?.delete(socket);
    if (set?.size === 0) this.#byAddress.delete(held.address);
    return true;
  }

  /** The refusal text of an upgrade over the cap. */
  get refusal(): string {
    return `Too many websockets not yet signed in from this address (max ${this.opts.maxPerAddress}, WS_MAX_UNAUTHENTICATED_PER_ADDRESS)`;
  }
}
