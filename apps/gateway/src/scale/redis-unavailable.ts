import { TRPCError } from '@trpc/server';

/** What a call that needs Redis answers while it is unreachable tells the caller to wait (Retry-After). */
export const REDIS_RETRY_AFTER_SECONDS = 2;

/** Redis cannot be reached and the answer needs it: a 503 with Retry-After, never a 500. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
  constructor(what: string, options?: { cause?: unknown }) {
    super(`Redis is unreachable: ${what}`, options);
  }
}

/** ioredis's words for a command on a connection that is down (plain Errors, so matched by text). */
const CONNECTION_DOWN = /^(Connection is closed|Stream isn't writeable|Command timed out)/;
/** A server that answers but does not serve yet (restart loading its data, failover). */
const NOT_SERVING = /^(LOADING|READONLY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|NOREPLICAS)\b/;

/** True when `error` (or what caused it, a few levels down) says Redis cannot be reached right now. */
export function isRedisUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof RedisUnavailableError || current.name === 'MaxRetriesPerRequestError') return true;
    if (current.name === 'ReplyError') return NOT_SERVING.test(current.message);
    // A backend failure can read like a connection error too; it is never Redis's.
    if (current.name === 'BackendError') return false;
    if (current.constructor === Error && CONNECTION_DOWN.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** The tRPC answer for a call that needed Redis while it was unreachable (the plugins add Retry-After). */
export function redisUnavailableAnswer(cause: unknown): TRPCError {
  return new TRPCError({
    code: 'SERVICE_UNAVAILABLE',
    message: 'Shared state (Redis) is unreachable right now; try again in a moment',
    cause,
  });
}
