import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { rpcError } from './batch-limits.js';
import { batchProblem, type CostLimits, type Problem, type RawCall } from './request-cost.js';

interface RawMessage {
  id?: unknown;
  jsonrpc?: unknown;
  method?: unknown;
  params?: { path?: unknown; input?: unknown };
}

const CALL_METHODS = new Set(['query', 'mutation', 'subscription']);

/** Space, tab, line feed and carriage return: what JSON.parse skips before a value. */
const JSON_WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The first byte after any JSON whitespace, or undefined when there is none. */
function firstValueByte(raw: Buffer): number | undefined {
  let i = 0;
  while (i < raw.length && JSON_WHITESPACE.has(raw[i] as number)) i++;
  return raw[i];
}

/** The calls of a tRPC websocket message (one or a batch); anything else is left to tRPC. */
function messageCalls(raw: unknown): { calls: RawCall[]; ids: RawMessage[] } | null {
  if (!Buffer.isBuffer(raw)) return null;
  // tRPC parses the frame with JSON.parse, which skips leading whitespace: so must this check.
  const first = firstValueByte(raw);
  // '{' or '[': PING, PONG and other non-JSON frames are tRPC's business.
  if (first !== 0x7b && first !== 0x5b) return null;
  // A single call asks for more than the default page only with a window (a JSON escape could
  // spell the key); a batch is always counted.
  if (first === 0x7b && !raw.includes('window') && !raw.includes('\\')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  const messages = (Array.isArray(parsed) ? parsed : [parsed]) as RawMessage[];
  const calls: RawCall[] = [];
  const ids: RawMessage[] = [];
  for (const m of messages) {
    if (typeof m !== 'object' || m === null || !CALL_METHODS.has(m.method as string)) continue;
    if (typeof m.params?.path !== 'string') continue;
    calls.push({ path: m.params.path, input: m.params.input });
    ids.push(m);
  }
  return calls.length > 0 ? { calls, ids } : null;
}

/** Why a message's calls are refused: too many in one message, or too many rows together. */
function messageProblem(
  calls: readonly RawCall[],
  limits: CostLimits & { maxBatchSize: number },
): Problem | null {
  if (calls.length > limits.maxBatchSize)
    return {
      text: `One websocket message may batch at most ${limits.maxBatchSize} operations; ${calls.length} were sent`,
      limit: null,
    };
  return batchProblem(calls, limits);
}

/**
 * Refuses a websocket message batching more than `maxBatchSize` calls (tRPC's websocket handler has
 * no batch limit of its own), or whose calls ask for too many rows (the same limits as an HTTP
 * batch): each call gets a BAD_REQUEST naming the limit, the socket stays open. Sits in front of
 * tRPC's message listener, so a refused message never reaches it.
 */
export function attachMessageLimits(
  socket: WebSocket,
  limits: CostLimits & { maxBatchSize: number },
  logger: FastifyBaseLogger,
  /** The upgrade request's id, which names every call of the socket. */
  requestId: string | undefined,
): void {
  const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'message') return emit(event, ...args);
    const found = messageCalls(args[0]);
    const problem = found && messageProblem(found.calls, limits);
    if (!found || !problem) return emit(event, ...args);
    logger.warn({ calls: found.calls.length }, 'websocket message refused: over its limits');
    found.ids.forEach((m, i) => {
      const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null;
      const jsonrpc = m.jsonrpc === '2.0' ? { jsonrpc: '2.0' } : {};
      socket.send(
        JSON.stringify({
          id,
          ...jsonrpc,
          ...rpcError('BAD_REQUEST', problem.text, found.calls[i]?.path, requestId, problem.limit),
        }),
      );
    });
    return false;
  }) as WebSocket['emit'];
}
