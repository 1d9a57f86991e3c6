import type { WebSocket } from 'ws';

/**
 * Whole websocket frames built once and written to a member's TCP socket, instead of `ws` framing
 * the same bytes again for every socket (a header allocated, then two writes corked into a writev).
 * Server-to-client frames are unmasked (RFC 6455, 5.1), so one frame's bytes serve every socket.
 */

/** One final, unmasked text frame carrying `payload` (RFC 6455, 5.2). */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN, text
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, header);
  return frame;
}

/** The payload of a frame made by `textFrame` (a view, not a copy). */
export function framePayload(frame: Buffer): Buffer {
  const marker = frame[1]!;
  return frame.subarray(marker < 126 ? 2 : marker === 126 ? 4 : 10);
}

/** What `ws` keeps on a server-side socket that the raw path reads (internals of ws 8). */
interface WsInternals {
  _socket?: { write(chunk: Buffer): boolean };
  _sender?: { _state?: unknown; _firstFragment?: unknown };
}

/** `ws`'s Sender is idle: nothing queued behind a compression or a blob read. */
const SENDER_IDLE = 0;
const OPEN = 1;

/**
 * A socket's own TCP stream, written past `ws` while that is safe: the socket open (no close frame
 * sent, which must be the last frame) and `ws`'s sender idle with no fragmented message under way,
 * so a frame can neither overtake nor split one `ws` (tRPC's answers) is writing.
 */
export class RawFrameWriter {
  private constructor(
    private readonly socket: WebSocket,
    private readonly stream: { write(chunk: Buffer): boolean },
    private readonly sender: { _state?: unknown; _firstFragment?: unknown },
  ) {}

  /** A writer for `socket`, or null when it does not carry the internals it relies on (then `ws.send`). */
  static of(socket: WebSocket): RawFrameWriter | null {
    const { _socket: stream, _sender: sender } = socket as unknown as WsInternals;
    if (typeof stream?.write !== 'function' || !sender) return null;
    if (typeof sender._state !== 'number' || typeof sender._firstFragment !== 'boolean') return null;
    return new RawFrameWriter(socket, stream, sender);
  }

  /** Writes `frame` (from `textFrame`) and returns true, or false when `ws` must send it. */
  write(frame: Buffer): boolean {
    if (this.socket.readyState !== OPEN) return false;
    if (this.sender._state !== SENDER_IDLE || this.sender._firstFragment !== true) return false;
    this.stream.write(frame);
    return true;
  }
}
