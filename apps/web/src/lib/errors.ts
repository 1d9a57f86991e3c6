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
  unreachable: 'The backend cannot be reached; try again in a moment.',
  generic: 'Something went wrong; try again.',
} as const;

/** tRPC error code of a failed call, when it has one. */
export function errorCode(error: unknown): string | null {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: { code?: unknown } | null }).data;
    if (data && typeof data.code === 'string') return data.code;
  }
  return null;
}

const NETWORK = /Failed to fetch|NetworkError|fetch failed|Load failed|WebSocket/i;

/** Shows `detail` with console.error in development builds only (Vite's `import.meta.env.DEV`). */
export function logErrorDetail(context: string, detail: unknown): void {
  if (import.meta.env.DEV) console.error(context, detail);
}

// Each failed call is logged once, however often the screen showing it renders.
const logged = new WeakSet<object>();

/**
 * Maps a failed call to the console's message by its tRPC code. Codes without a message of their own
 * (and anything that is not a failed call) give `fallback`, so a screen can name what failed.
 */
export function errorMessage(error: unknown, fallback: string = ERROR_TEXT.generic): string {
  if (error && typeof error === 'object' && !logged.has(error)) {
    logged.add(error);
    logErrorDetail('Call failed', error);
  }
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
