import type { WebSocket } from 'ws';

/**
 * Whole websocket frames built once and written to a member's TCP socket, instead of `ws` framing
 * the same bytes again for every socket (a header allocated, then two writes corked into a writev).
 * The websocket protocol masks only what clients send, so one frame's bytes serve every socket.
 */

/** `WebSocket.readyState` of an open socket. */
export const WS_OPEN = 1;

/** One final, unmasked text frame carrying `text` as UTF-8, written straight into the frame's buffer. */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
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
  frame.write(text, header);
  return frame;
}

/** The payload of a frame made by `textFrame` (a view, not a copy). */
export function framePayload(frame: Buffer): Buffer {
  const marker = frame[1]!;
  return frame.subarray(marker < 126 ? 2 : marker === 126 ? 4 : 10);
}

/** What `ws` keeps on a server-side socket that the raw path reads (internals of ws 8). */
type Stream = { write(chunk: Buffer): boolean };
type Sender = { _state?: unknown; _firstFragment?: unknown };

/** `ws`'s Sender is idle: nothing queued behind a compression or a blob read. */
const SENDER_IDLE = 0;

/**
 * A socket's own TCP stream, written past `ws` while that is safe: the socket open (no close frame
 * sent, which must be the last frame) and `ws`'s sender idle with no fragmented message under way,
 * so a frame can neither overtake nor split one `ws` (tRPC's answers) is writing.
 */
export class RawFrameWriter {
  private constructor(
    private readonly socket: WebSocket,
    private readonly stream: Stream,
    private readonly sender: Sender,
  ) {}

  /** A writer for `socket`, or null when it does not carry the internals it relies on (then `ws.send`). */
  static of(socket: WebSocket): RawFrameWriter | null {
    const { _socket: stream, _sender: sender } = socket as unknown as { _socket?: Stream; _sender?: Sender };
    if (typeof stream?.write !== 'function' || !sender) return null;
    if (typeof sender._state !== 'number' || typeof sender._firstFragment !== 'boolean') return null;
    return new RawFrameWriter(socket, stream, sender);
  }

  /**
   * Writes `frame` (from `textFrame`) and returns true, or false when `ws` must send it. Reads the
   * socket's ready state once, the read `ws.send` made on each write before.
   */
  write(frame: Buffer): boolean {
    if (this.socket.readyState !== WS_OPEN) return false;
    if (this.sender._state !== SENDER_IDLE || this.sender._firstFragment !== true) return false;
    this.stream.write(frame);
    return true;
  }
}
