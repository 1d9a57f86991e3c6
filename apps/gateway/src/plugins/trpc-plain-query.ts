import type { AnyTRPCRouter } from '@trpc/server';
import type { CreateFastifyContextOptions, FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import {
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  TRPCError,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { retryAfterOf } from './retry-after.js';

/** What the fast path needs of the tRPC options it stands beside. */
export interface PlainQueryOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext?: (opts: CreateFastifyContextOptions) => unknown;
  onError?: FastifyTRPCPluginOptions<TRouter>['trpcOptions']['onError'];
}

/** A procedure path as wsLink and httpLink write it: dotted names, nothing to decode. */
const PLAIN_PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

type Procedure = ((opts: {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: 'query';
  signal: AbortSignal;
  batchIndex: number;
}) => Promise<unknown>) & { _def: { type: string } };

/** A value tRPC would refuse to send without a streaming link (its `isDataStream`, from its own helpers). */
function isDataStream(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (isAsyncIterable(v)) return true;
  return Object.values(v).some((x) => isPromise(x) || isAsyncIterable(x));
}

/**
 * Overhead budget: a GET of one query (a script's httpLink call, or the console's httpBatchLink
 * batch of one) answered without tRPC's fetch-adapter round trip (a `Request` built from Node's
 * request, `resolveResponse`, a `Response` streamed back through Fastify). The answer is the one
 * tRPC's handler gives, byte for byte: the same procedure call, context, error shape, status,
 * `content-type` and `vary`. Everything else (batches of several calls, POST, streaming accepts,
 * unknown paths, unparsable input, mutations and subscriptions over GET) returns false and goes to
 * tRPC's own handler, which owns those answers. The helpers come from tRPC's unstable core, pinned
 * with tRPC's version: the equivalence tests catch an upgrade that changes its answers.
 */
export function plainQueryHandler<TRouter extends AnyTRPCRouter>(opts: PlainQueryOptions<TRouter>) {
  const config = opts.router._def._config;
  const procedures = opts.router._def.procedures as Record<string, Procedure | undefined>;

  return async (req: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> => {
    if (req.method !== 'GET' || !PLAIN_PATH.test(path)) return false;
    const query = req.query as Record<string, string | string[] | undefined>;
    // httpBatchLink's batch of one call (`?batch=1`, input `{"0": …}`) is as plain as a single call.
    const batch = query.batch === '1';
    if ((query.batch !== undefined && !batch) || req.headers['trpc-accept'] !== undefined) return false;
    if (req.headers.accept?.includes('application/jsonl')) return false;
    const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
    if (typeof procedure !== 'function' || procedure._def.type !== 'query') return false;
    const inputText = query.input;
    if (Array.isArray(inputText)) return false;
    let input: unknown;
    try {
      const sent: unknown = inputText ? JSON.parse(inputText) : undefined;
      if (batch && sent !== undefined && (typeof sent !== 'object' || sent === null || Array.isArray(sent)))
        return false;
      const raw = batch ? (sent as Record<string, unknown> | undefined)?.['0'] : sent;
      input = raw === undefined ? undefined : config.transformer.input.deserialize(raw);
    } catch {
      return false;
    }

    // The procedure's signal: aborted when the caller goes away before its answer (tRPC's `req.signal`).
    const abort = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) abort.abort();
    };
    reply.raw.once('close', onClose);
    const getRawInput = async () => input;
    const info: CreateFastifyContextOptions['info'] = {
      accept: null,
      type: 'query',
      isBatchCall: batch,
      calls: [{ path, getRawInput, result: () => input, procedure: procedure as never, batchIndex: 0 }],
      connectionParams: null,
      signal: abort.signal,
      url: null,
    };
    let ctx: unknown;
    let json: Parameters<typeof getHTTPStatusCode>[0] & object;
    let error: TRPCError | null = null;
    try {
      ctx = await opts.createContext?.({ req, res: reply, info });
      const data = await procedure({
        path,
        getRawInput,
        ctx,
        type: 'query',
        signal: abort.signal,
        batchIndex: 0,
      });
      if (isDataStream(data))
        throw new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
        });
      json = { result: { data } };
    } catch (cause) {
      error = getTRPCErrorFromUnknown(cause);
      opts.onError?.({ error, path, input, ctx: ctx as never, type: 'query', req });
      json = { error: getErrorShape({ config, ctx, error, input, path, type: 'query' }) };
    } finally {
      reply.raw.off('close', onClose);
    }
    const status = getHTTPStatusCode(batch ? [json] : json);
    // As the `responseMeta` of the tRPC options gives it on tRPC's own path.
    const retryAfter = error ? retryAfterOf([error]) : null;
    if (retryAfter) reply.header('retry-after', retryAfter);
    // tRPC's `transformTRPCResponse` for this one item, without its generic object spreads (a
    // measurable share of a call's CPU in the overhead profile).
    const { serialize } = config.transformer.output;
    const item =
      'error' in json ? { error: serialize(json.error) } : { result: { data: serialize(json.result.data) } };
    await reply
      .code(status)
      // The answer may go compressed (the compress plugin of the /trpc scope), so it varies with
      // accept-encoding too, as tRPC's path says once that plugin has seen it.
      .header('vary', 'trpc-accept, accept, accept-encoding')
      .header('content-type', 'application/json')
      // A Buffer, not a string: Fastify would add `; charset=utf-8` to a string's content type, tRPC does not.
      .send(Buffer.from(JSON.stringify(batch ? [item] : item)));
    return true;
  };
}
