import type { TRPCError } from '@trpc/server';
import { REDIS_RETRY_AFTER_SECONDS } from '../scale/redis-unavailable.js';

/**
 * The Retry-After (seconds) of a tRPC answer: a call refused with SERVICE_UNAVAILABLE (shared state
 * unreachable) says when to try again; null for any other answer. Both HTTP paths (tRPC's handler
 * and the plain GET path) use it, so their answers stay the same.
 */
export function retryAfterOf(errors: readonly TRPCError[]): string | null {
  return errors.some((error) => error.code === 'SERVICE_UNAVAILABLE')
    ? String(REDIS_RETRY_AFTER_SECONDS)
    : null;
}
