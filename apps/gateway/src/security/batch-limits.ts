import type { LimitName } from '@waybill/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { batchProblem, type CostLimits, type RawCall } from './request-cost.js';
import { TRPC_PARAMS, type TrpcRequest, trpcRequest } from './trpc-request.js';

/** tRPC's JSON-RPC codes, so tRPC clients read a refusal like any other error. */
export const RPC_CODES = { BAD_REQUEST: -32600, TOO_MANY_REQUESTS: -32029 } as const;

/** A tRPC error body for one call. */
export function rpcError(
  code: keyof typeof RPC_CODES,
  message: string,
  path: string | undefined,
  /** The request's id, as tRPC's error formatter adds it to every error (trpc.ts). */
  requestId: string | undefined,
  /** The configured limit refused, as the error formatter names it (`data.limit`). */
  limit: LimitName | null = null,
) {
  const httpStatus = code === 'BAD_REQUEST' ? 400 : 429;
  return { error: { message, code: RPC_CODES[code], data: { code, httpStatus, path, requestId, limit } } };
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The text tRPC parses as the calls' input: the `input` parameter of a GET, else the body. */
function inputText(request: FastifyRequest, query: URLSearchParams): string | undefined {
  if (request.method === 'GET') return query.get('input') ?? undefined;
  return typeof request.body === 'string' ? request.body : undefined;
}

/** The calls of a tRPC request, with the inputs tRPC will run them with. */
function callsOf(request: FastifyRequest, { paths, query, batched }: TrpcRequest): RawCall[] {
  const text = inputText(request, query);
  const raw = text === undefined && request.method !== 'GET' ? request.body : parseJson(text);
  const inputAt = (i: number): unknown =>
    batched
      ? typeof raw === 'object' && raw !== null
        ? (raw as Record<string, unknown>)[i]
        : undefined
      : raw;
  return paths.map((path, i) => ({ path, input: inputAt(i) }));
}

/** Only calls with a window ask for rows: a quick look at the input text (a JSON escape could spell the key). */
function mayAskForRows(request: FastifyRequest, query: URLSearchParams): boolean {
  const text = inputText(request, query) ?? '';
  return text.includes('window') || text.includes('\\');
}

/** Why a tRPC request is refused before it runs, with its calls for the answer's shape. */
function refusal(request: FastifyRequest, limits: CostLimits) {
  const found = trpcRequest(request);
  if (!found) return null;
  const repeated = TRPC_PARAMS.find((name) => found.query.getAll(name).length > 1);
  if (repeated) {
    const calls = found.paths.map((path) => ({ path, input: undefined }));
    const problem = { text: `${repeated} given more than once; send it once`, limit: null };
    return { calls, batched: found.batched, problem };
  }
  if (!mayAskForRows(request, found.query)) return null;
  const calls = callsOf(request, found);
  const problem = batchProblem(calls, limits);
  return problem ? { calls, batched: found.batched, problem } : null;
}

/**
 * Refuses an HTTP batch whose calls ask for too many rows, before any of them runs: one answer of
 * tens of thousands of rows takes the event loop for seconds (parse, validate, serialise) and
 * stalls every other user of this replica. A request giving one of tRPC's parameters twice is
 * refused too, so the check always reads what tRPC will.
 */
export function registerBatchLimits(app: FastifyInstance, limits: CostLimits): void {
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done) => {
    const refused = refusal(request, limits);
    if (!refused) return done();
    request.log.warn({ calls: refused.calls.length }, 'batch refused: over its limits');
    const { text, limit } = refused.problem;
    const bodies = refused.calls.map((c) => rpcError('BAD_REQUEST', text, c.path, request.id, limit));
    reply
      .status(400)
      .header('content-type', 'application/json')
      .send(refused.batched ? bodies : bodies[0]);
  });
}
