import { type LimitName, limitNameSchema } from '@waybill/contracts';

/**
 * The console's own words for a failed call. A server's error text never reaches the screen: it may
 * be technical, in another voice, or leak internals. The detail goes to the console in development.
 */
export const ERROR_TEXT = {
  session: 'Your session has ended. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'It no longer exists; refresh and try again.',
  rejected: 'The request was not accepted; check it and try again.',
  busy: 'Too many requests right now; try again in a moment.',
  outdated: 'It changed meanwhile, and this is no longer possible; look at it as it is now.',
  unreachable: 'The backend cannot be reached; try again in a moment.',
  generic: 'Something went wrong; try again.',
} as const;

function errorData(error: unknown): { code?: unknown; limit?: unknown } | null {
  if (error && typeof error === 'object' && 'data' in error)
    return (error as { data?: { code?: unknown; limit?: unknown } | null }).data ?? null;
  return null;
}

/** tRPC error code of a failed call, when it has one. */
export function errorCode(error: unknown): string | null {
  const code = errorData(error)?.code;
  return typeof code === 'string' ? code : null;
}

/** The configured limit a refusal names (the gateway's `data.limit`), when it is one contracts know. */
export function errorLimit(error: unknown): LimitName | null {
  const named = limitNameSchema.safeParse(errorData(error)?.limit);
  return named.success ? named.data : null;
}

const NETWORK = /Failed to fetch|NetworkError|fetch failed|Load failed|WebSocket/i;

/**
 * Whether a failed call may succeed as it is, later: the gateway or backend was out of reach or busy
 * (no answer at all, or a 502, 503, 504, timeout or 429).
 */
export function isTransient(error: unknown): boolean {
  const words = consoleWords(error, '');
  return words === ERROR_TEXT.unreachable || words === ERROR_TEXT.busy;
}

/** Shows `detail` with console.error in development builds only (Vite's `import.meta.env.DEV`). */
export function logErrorDetail(context: string, detail: unknown): void {
  if (import.meta.env.DEV) console.error(context, detail);
}

/**
 * Logs a failed action to the browser console in every build (support reads it there): what failed,
 * the console's own words for it, its tRPC code and request reference, and the action's context
 * (an inbound uid, say). Never the server's text, the error object or anything secret; the raw
 * detail still goes to the development log.
 */
export function logFailure(
  action: string,
  error: unknown,
  context: Record<string, string | null> = {},
  words: string = consoleWords(error, ERROR_TEXT.generic),
): void {
  console.error(`${action}: ${words}`, {
    ...context,
    code: errorCode(error),
    requestId: requestIdOf(error),
  });
  logErrorDetail(action, error);
}

// Each failed call is logged once, however often the screen showing it renders.
const logged = new WeakSet<object>();

/**
 * Maps a failed call to the console's message by its tRPC code, with the request's reference for
 * support ("Reference: <id>", found in the gateway's logs). Codes without a message of their own
 * (and anything that is not a failed call) give `fallback`, so a screen can name what failed.
 */
export function errorMessage(error: unknown, fallback: string = ERROR_TEXT.generic): string {
  if (error && typeof error === 'object' && !logged.has(error)) {
    logged.add(error);
    logErrorDetail('Call failed', error);
  }
  const words = consoleWords(error, fallback);
  // Signing in again is the way out of an ended session: nothing to quote to support.
  const requestId = errorCode(error) === 'UNAUTHORIZED' ? null : requestIdOf(error);
  return requestId ? `${words} Reference: ${requestId}` : words;
}

/** What a request id may look like (the gateway's UUID, or its proxy's id): anything else is not shown. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The gateway's id of a failed call's request (`reqId` in its logs), when it sent one. */
export function requestIdOf(error: unknown): string | null {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: { requestId?: unknown } | null }).data;
    if (data && typeof data.requestId === 'string' && REQUEST_ID.test(data.requestId)) return data.requestId;
  }
  return null;
}

function consoleWords(error: unknown, fallback: string): string {
  switch (errorCode(error)) {
    case 'UNAUTHORIZED':
      return ERROR_TEXT.session;
    case 'FORBIDDEN':
      return ERROR_TEXT.forbidden;
    case 'NOT_FOUND':
      return ERROR_TEXT.notFound;
    case 'BAD_REQUEST':
    case 'PARSE_ERROR':
    case 'UNPROCESSABLE_CONTENT':
    case 'PAYLOAD_TOO_LARGE':
    case 'CONFLICT':
      return ERROR_TEXT.rejected;
    case 'TOO_MANY_REQUESTS':
      return ERROR_TEXT.busy;
    case 'PRECONDITION_FAILED':
      return ERROR_TEXT.outdated;
    case 'BAD_GATEWAY':
    case 'GATEWAY_TIMEOUT':
    case 'SERVICE_UNAVAILABLE':
    case 'TIMEOUT':
      return ERROR_TEXT.unreachable;
    case null:
      // No code: the call never got an answer (fetch or websocket failure).
      if (error instanceof Error && NETWORK.test(error.message)) return ERROR_TEXT.unreachable;
      return fallback;
    default:
      return fallback;
  }
}
