import { TRPCError } from '@trpc/server';
import { backendErrorSchema } from '@waybill/contracts';

type Code = ConstructorParameters<typeof TRPCError>[0]['code'];

export interface BackendErrorDetails {
  /** Backend path template, e.g. `/orders/order/{uid}`. */
  path: string;
  /** HTTP status of the backend answer, if one arrived. */
  status: number | null;
  /** The backend's own error object (`{ code, message, fields }`), when it sent one. */
  error: { code: string; message: string; fields?: { path: string; message: string }[] } | null;
}

/**
 * A failed backend call, already carrying the tRPC code it should surface as,
 * so procedures can just let it propagate.
 */
export class BackendError extends TRPCError {
  readonly details: BackendErrorDetails;
  constructor(code: Code, message: string, details: BackendErrorDetails, cause?: unknown) {
    super({ code, message, cause });
    this.name = 'BackendError';
    this.details = details;
  }
}

/** The backend's `{ error: {...} }` body, if the answer has one. */
export function backendErrorBody(body: unknown): BackendErrorDetails['error'] {
  const parsed = backendErrorSchema.safeParse(body);
  if (!parsed.success) return null;
  const { code, message, fields } = parsed.data.error;
  return fields
    ? { code, message, fields: fields.map((f) => ({ path: f.path, message: f.message })) }
    : { code, message };
}

/** 401 → UNAUTHORIZED, 404 → NOT_FOUND, other 4xx → BAD_REQUEST, anything else → BAD_GATEWAY. */
export function codeForStatus(status: number): Code {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status >= 400 && status < 500) return 'BAD_REQUEST';
  return 'BAD_GATEWAY';
}

/**
 * What a caller is told of a failed backend call. A backend that failed (a 5xx or another status
 * that is not a client error) may have put internals in its words (hosts, queries, stack lines), so
 * only the path and status go out; the backend's own message and body stay in the log. Client
 * errors (4xx) keep the backend's declared message and fields: they say what to fix.
 */
export function publicBackendError(error: BackendError): {
  message: string;
  details: BackendErrorDetails;
  /** True when the backend's own words were left out. */
  hidden: boolean;
} {
  const { path, status } = error.details;
  const failed =
    status !== null && (status < 200 || status >= 300) && codeForStatus(status) === 'BAD_GATEWAY';
  if (!failed) return { message: error.message, details: error.details, hidden: false };
  return {
    message: `Backend failed on ${path} (HTTP ${status})`,
    details: { path, status, error: null },
    hidden: true,
  };
}
