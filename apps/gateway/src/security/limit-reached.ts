import { TRPCError } from '@trpc/server';
import { type LimitName, limitNameSchema } from '@waybill/contracts';
import type { ZodError } from 'zod';

type RefusalCode = 'BAD_REQUEST' | 'FORBIDDEN' | 'PRECONDITION_FAILED' | 'TOO_MANY_REQUESTS';

/** The cause of a refusal for a configured limit: the error formatter puts its name in `data.limit`. */
export class LimitReached extends Error {
  override name = 'LimitReached';
  constructor(
    readonly limit: LimitName,
    message: string,
  ) {
    super(message);
  }
}

/** A refusal for the limit `limit`: its message is for people, its `data.limit` for clients. */
export function limitRefusal(code: RefusalCode, limit: LimitName, message: string): TRPCError {
  return new TRPCError({ code, message, cause: new LimitReached(limit, message) });
}

/**
 * The limit a refusal was for: a LimitReached cause, or an input schema's issue that names one in
 * its params (an oversized saved view); null for anything else.
 */
export function refusedLimit(cause: unknown, zodError: ZodError | null): LimitName | null {
  if (cause instanceof LimitReached) return cause.limit;
  for (const issue of zodError?.issues ?? []) {
    const named = limitNameSchema.safeParse((issue as { params?: { limit?: unknown } }).params?.limit);
    if (named.success) return named.data;
  }
  return null;
}
