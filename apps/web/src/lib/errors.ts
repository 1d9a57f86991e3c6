/** Turns a failed call into plain words for a toast or an inline message. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!error) return fallback;
  if (typeof error === 'string') return error;
  if (error instanceof Error) {
    const message = error.message?.trim();
    if (!message) return fallback;
    if (/Failed to fetch|NetworkError|fetch failed/i.test(message)) {
      return 'The server could not be reached. Check your connection and try again.';
    }
    return message;
  }
  return fallback;
}

/** tRPC error code of a failed call, when it has one. */
export function errorCode(error: unknown): string | null {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: { code?: unknown } | null }).data;
    if (data && typeof data.code === 'string') return data.code;
  }
  return null;
}

export function isUnauthorized(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'UNAUTHORIZED' || code === 'FORBIDDEN';
}
