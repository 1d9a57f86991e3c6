import type { ClientRequest, IncomingMessage } from 'node:http';
import NodeWebSocket from 'ws';
import { EXIT, type ExitCode } from './exit-codes.js';

/** Why the gateway turned a websocket away: an HTTP answer to the upgrade, or a close code with words. */
export interface SocketRefusal {
  status?: number;
  closeCode?: number;
  reason: string;
}

/** RFC 6455 "policy violation": the gateway's limits (sockets per token, messages per second). */
const POLICY = 1008;
/** The gateway's close code for a token signed out meanwhile. */
const SIGNED_OUT = 4401;
/** A refused upgrade's body is a short JSON error; more is not worth waiting for. */
const BODY_LIMIT = 4096;
/**
 * Upgrade answers that are the gateway's own refusal. A 502-504 is a proxy whose gateway is down:
 * that is the gateway being unreachable, retried like a dropped connection.
 */
const REFUSING_STATUSES = new Set([401, 403, 429]);

type Listener = (refusal: SocketRefusal) => void;
const listeners = new Set<Listener>();
let last: SocketRefusal | null = null;

/** Calls `listener` with each refusal until the returned function is called. */
export function onSocketRefused(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The latest refusal, unless a socket has carried messages since: what a failed subscription met. */
export function lastSocketRefusal(): SocketRefusal | null {
  return last;
}

function refused(refusal: SocketRefusal): void {
  last = refusal;
  for (const listener of listeners) listener(refusal);
}

function reasonFromBody(status: number, body: string): string {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // Not the gateway's JSON (a proxy's page): the status says what there is to say.
  }
  return `HTTP ${status}`;
}

/**
 * The `ws` WebSocket, noting why the gateway refuses a socket: tRPC only sees a closed connection
 * and retries, which the command would otherwise report as a network fault.
 */
export class GatewaySocket extends NodeWebSocket {
  constructor(...args: ConstructorParameters<typeof NodeWebSocket>) {
    super(...args);
    // With a listener here ws leaves the refused handshake to us: read the reason, then end it.
    this.on('unexpected-response', (_request: ClientRequest, response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (!REFUSING_STATUSES.has(status)) {
        this.terminate();
        return;
      }
      let body = '';
      const done = () => {
        refused({ status, reason: reasonFromBody(status, body) });
        this.terminate();
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > BODY_LIMIT) response.destroy();
      });
      response.once('end', done);
      response.once('close', () => {
        if (this.readyState === NodeWebSocket.CONNECTING) done();
      });
    });
    this.on('message', () => {
      last = null;
    });
    this.on('close', (code: number, reason: Buffer) => this.noteClose(code, reason.toString()));
  }

  private closeNoted = false;

  /**
   * ws calls this with the gateway's code and words as soon as its close frame arrives, while the
   * 'close' event waits for the connection's end: by then tRPC may have failed a send already.
   */
  override close(code?: number, reason?: string | Buffer): void {
    if (code !== undefined) this.noteClose(code, reason?.toString() ?? '');
    super.close(code, reason);
  }

  private noteClose(code: number, reason: string): void {
    if (this.closeNoted || (code !== POLICY && code !== SIGNED_OUT)) return;
    this.closeNoted = true;
    refused({ closeCode: code, reason: reason || `close code ${code}` });
  }
}

/** The network reason a dropped websocket carries (ECONNREFUSED, …), as ` (CODE)`, if any. */
export function dropReason(error: unknown): string {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string') return ` (${code})`;
    // ws hands its error over in an ErrorEvent's `error`, tRPC its own as `cause`.
    e = (e as { cause?: unknown; error?: unknown }).cause ?? (e as { error?: unknown }).error;
  }
  return '';
}

/** A refusal in plain words (a limit is not a network fault, and what to do about it), and its exit code. */
export function describeRefusal(refusal: SocketRefusal): { message: string; exitCode: ExitCode } {
  const said = `The gateway refused the live connection: ${refusal.reason}`;
  // A token the gateway never verified ends at its deadline with the policy code, as a limit does.
  if (refusal.status === 401 || refusal.closeCode === SIGNED_OUT || /not signed in/i.test(refusal.reason))
    return { message: `${said}. Check the token, or run \`waybill login\`.`, exitCode: EXIT.auth };
  if (refusal.status === 403) return { message: said, exitCode: EXIT.auth };
  return {
    message: `${said}. That is a limit of the gateway, not a network fault: close another watch, export or console tab using this token, or try again later`,
    exitCode: EXIT.backendUnavailable,
  };
}
