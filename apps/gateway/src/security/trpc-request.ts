import type { FastifyRequest } from 'fastify';

/**
 * The query parameters tRPC reads. It takes the first of each, while Fastify makes a repeated one a
 * list: given twice, a check could read another value than the one tRPC runs with.
 */
export const TRPC_PARAMS = ['input', 'batch', 'connectionParams', 'lastEventId', 'Last-Event-Id'] as const;

/** A tRPC HTTP request (`/trpc/a,b?batch=1`) as tRPC itself reads it, or null when it is not one. */
export interface TrpcRequest {
  paths: string[];
  query: URLSearchParams;
  batched: boolean;
}

export function trpcRequest(request: FastifyRequest): TrpcRequest | null {
  // By route, not by URL: a request line may carry an absolute address that still reaches tRPC.
  if (request.routeOptions.url !== '/trpc/:path') return null;
  const param = (request.params as { path?: unknown } | undefined)?.path;
  if (typeof param !== 'string') return null;
  // tRPC decodes the router's already decoded parameter once more: "%252C" separates calls too.
  let path: string;
  try {
    path = decodeURIComponent(param);
  } catch {
    return null;
  }
  // The WHATWG parser, as tRPC's: the query ends at a "#", which a raw client may send.
  const query = new URL(request.url, 'http://localhost').searchParams;
  const batched = query.get('batch') === '1';
  return { paths: batched ? path.split(',') : [path], query, batched };
}
