import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { batchProblem, type CostLimits, type RawCall } from './request-cost.js';

/** tRPC's JSON-RPC codes, so tRPC clients read a refusal like any other error. */
export const RPC_CODES = { BAD_REQUEST: -32600, TOO_MANY_REQUESTS: -32029 } as const;

/** A tRPC error body for one call. */
export function rpcError(code: keyof typeof RPC_CODES, message: string, path: string | undefined) {
  const httpStatus = code === 'BAD_REQUEST' ? 400 : 429;
  return { error: { message, code: RPC_CODES[code], data: { code, httpStatus, path } } };
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The calls of a tRPC HTTP request (`/trpc/a,b?batch=1`), or null when it is not one. */
export function httpCalls(request: FastifyRequest): { calls: RawCall[]; batched: boolean } | null {
  const match = /^\/trpc\/([^?]*)(?:\?(.*))?$/.exec(request.url);
  if (!match?.[1]) return null;
  let paths: string[];
  try {
    paths = decodeURIComponent(match[1]).split(',');
  } catch {
    return null;
  }
  const query = new URLSearchParams(match[2] ?? '');
  const batched = query.get('batch') === '1';
  // tRPC's JSON body parser hands the body over as text (at most the body limit).
  const body = typeof request.body === 'string' ? parseJson(request.body) : request.body;
  const raw = request.method === 'GET' ? parseJson(query.get('input') ?? undefined) : body;
  const inputAt = (i: number): unknown =>
    batched
      ? typeof raw === 'object' && raw !== null
        ? (raw as Record<string, unknown>)[i]
        : undefined
      : raw;
  return { calls: paths.map((path, i) => ({ path, input: inputAt(i) })), batched };
}

/** Only calls with a window ask for rows: a quick look at the decoded input (a JSON escape could spell the key). */
function mayAskForRows(request: FastifyRequest): boolean {
  const input = (request.query as { input?: unknown } | undefined)?.input;
  const text = `${typeof input === 'string' ? input : ''}${typeof request.body === 'string' ? request.body : ''}`;
  return text.includes('window') || text.includes('\\');
}

/**
 * Refuses an HTTP batch whose calls ask for too many rows, before any of them runs: one answer of
 * tens of thousands of rows takes the event loop for seconds (parse, validate, serialise) and
 * stalls every other user of this replica.
 */
export function registerBatchLimits(app: FastifyInstance, limits: CostLimits): void {
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done) => {
    const parsed = request.url.startsWith('/trpc/') && mayAskForRows(request) ? httpCalls(request) : null;
    const problem = parsed ? batchProblem(parsed.calls, limits) : null;
    if (!parsed || !problem) return done();
    request.log.warn({ calls: parsed.calls.length }, 'batch refused: too many rows');
    const bodies = parsed.calls.map((c) => rpcError('BAD_REQUEST', problem, c.path));
    reply
      .status(400)
      .header('content-type', 'application/json')
      .send(parsed.batched ? bodies : bodies[0]);
  });
}
