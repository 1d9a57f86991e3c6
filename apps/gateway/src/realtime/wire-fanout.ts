import type { AnyRouter } from '@trpc/server';
import { WebSocket } from 'ws';
import type { TrackedMessage } from './cohort.js';
import { serialisePayload } from './payload-json.js';

/**
 * Cohort pushes written straight to member sockets in tRPC's wire format, instead of through one
 * async iterator step per subscription in tRPC's ws handler. tRPC still serves everything else on
 * the socket (`started`, `stopped`, errors, resume, queries, other subscriptions).
 */

/**
 * The direct fan-out writes payloads as plain JSON; a tRPC transformer would make clients read them
 * differently from everything tRPC itself sends. Called at start, so such a router never serves.
 */
export function assertPlainJsonWire(router: AnyRouter): void {
  const probe = { probe: true };
  const { transformer } = router._def._config;
  if (transformer.output.serialize(probe) !== probe || transformer.input.deserialize(probe) !== probe) {
    throw new Error(
      'A tRPC transformer is configured, but cohort pushes are written as plain JSON (realtime/wire-fanout.ts): remove the transformer or the direct fan-out',
    );
  }
}

/** A subscription's place on the wire: its tRPC request id and JSON-RPC marker, as the client sent them. */
export interface WireRequest {
  id: string | number;
  jsonrpc?: '2.0';
}

/** Where a cohort member's pushes go once it is direct: the socket, the request, and its stop signal. */
export interface WireTarget extends WireRequest {
  socket: WebSocket;
  signal: AbortSignal;
}

/**
 * A socket holding more than this unsent is slow: it stops getting patches and, once it drains,
 * gets the cohort's latest state in one message instead (bounded memory, and it delays nobody).
 */
export const SLOW_SOCKET_BYTES = 512 * 1024;
/** How often a slow socket is checked for having drained. */
const CATCH_UP_CHECK_MS = 50;
const TEXT = { binary: false } as const;

const SOCKET = Symbol('waybill.socket');
const REQUEST = Symbol('waybill.wireRequest');

/**
 * Remember which socket a websocket connection's tRPC context belongs to: a symbol key, kept when
 * middlewares extend the context (`{ ...ctx, ...more }`).
 */
export function bindSocket(ctx: object, socket: WebSocket): void {
  (ctx as Record<symbol, WebSocket>)[SOCKET] = socket;
}

/** The websocket a tRPC context belongs to, or undefined (an HTTP call). */
export function socketOf(ctx: object): WebSocket | undefined {
  return (ctx as Record<symbol, WebSocket | undefined>)[SOCKET];
}

/** Tag a decoded subscription message's input with its request id (read back by `wireTargetOf`). */
export function tagSubscription(message: unknown): void {
  const msg = message as {
    id?: unknown;
    jsonrpc?: unknown;
    method?: unknown;
    params?: { input?: unknown };
  } | null;
  if (msg?.method !== 'subscription') return;
  const { id } = msg;
  if (typeof id !== 'string' && typeof id !== 'number') return;
  const input = msg.params?.input;
  // A symbol key: invisible to JSON and to the input schema, kept by tRPC's `{ ...input, lastEventId }`.
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    (input as Record<symbol, WireRequest>)[REQUEST] = msg.jsonrpc === '2.0' ? { id, jsonrpc: '2.0' } : { id };
  }
}

/** The request a subscription's input was tagged with (`tagSubscription`), or null. */
export function wireRequestOf(rawInput: unknown): WireRequest | null {
  return rawInput && typeof rawInput === 'object'
    ? ((rawInput as Record<symbol, WireRequest | undefined>)[REQUEST] ?? null)
    : null;
}

/** The socket and request a subscription call came on, or null (HTTP, or an input that was not an object). */
export function wireTargetOf(ctx: object, rawInput: unknown, signal: AbortSignal): WireTarget | null {
  const socket = socketOf(ctx);
  const request = wireRequestOf(rawInput);
  if (!socket || !request) return null;
  return { ...request, socket, signal };
}

/**
 * One tracked message as tRPC's `data` frame, serialised once; each subscriber's request id is
 * spliced in front, and the UTF-8 bytes are built once per distinct id (wsLink numbers its requests
 * from 1 on each socket, so thousands of tabs share a handful of ids).
 */
export class WireFrame {
  private readonly tail: string;
  private readonly byRequest = new Map<string, Buffer>();

  constructor(tracked: TrackedMessage<{ uid: string }, unknown>) {
    const id = JSON.stringify(tracked.id);
    const payload = serialisePayload(tracked.message as object);
    this.tail = `,"result":{"type":"data","id":${id},"data":{"id":${id},"data":${payload}}}}`;
  }

  /** The message for a request's head (`frameHead`), encoded once per distinct head. */
  for(head: string): Buffer {
    let bytes = this.byRequest.get(head);
    if (!bytes) {
      bytes = Buffer.from(head + this.tail);
      this.byRequest.set(head, bytes);
    }
    return bytes;
  }
}

/** The start of a request's data frames, up to where the shared tail begins. */
function frameHead(request: WireRequest): string {
  return `{"id":${JSON.stringify(request.id)}${request.jsonrpc ? ',"jsonrpc":"2.0"' : ''}`;
}

/** A member's direct path: writes with backpressure; a slow socket gets the latest state when it drains. */
export class WireSink {
  private behind = false;
  private stopped: boolean;
  private timer: NodeJS.Timeout | null = null;
  private readonly socket: WebSocket;
  private readonly head: string;
  private readonly onAbort = () => this.close();

  constructor(
    readonly target: WireTarget,
    /** The state to send a socket that fell behind: the cohort's current messages. */
    private readonly latest: () => TrackedMessage<{ uid: string }, unknown>[],
  ) {
    this.socket = target.socket;
    this.head = frameHead(target);
    this.stopped = target.signal.aborted;
    // `stopped` follows the subscription's stop; a closed socket is left to `ws`, whose `send` writes
    // nothing once it is closing.
    if (!this.stopped) target.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  get open(): boolean {
    return !this.stopped && this.socket.readyState === WebSocket.OPEN;
  }

  write(frame: WireFrame): void {
    if (this.stopped || this.behind) return;
    if (this.socket.bufferedAmount > SLOW_SOCKET_BYTES) {
      this.behind = true;
      this.scheduleCatchUp();
      return;
    }
    this.send(frame.for(this.head));
  }

  /** `ws` sends nothing once the socket is closing, so a closed socket needs no check here. */
  private send(message: Buffer): void {
    this.socket.send(message, TEXT);
  }

  private scheduleCatchUp(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.open) return;
      if (this.socket.bufferedAmount > SLOW_SOCKET_BYTES) return this.scheduleCatchUp();
      this.behind = false;
      for (const m of this.latest()) this.send(new WireFrame(m).for(this.head));
    }, CATCH_UP_CHECK_MS);
    this.timer.unref?.();
  }

  /** Stop writing: the subscription stopped, or the member left. */
  close(): void {
    this.stopped = true;
    this.target.signal.removeEventListener('abort', this.onAbort);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
