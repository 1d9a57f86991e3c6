/** No answer came within the client's `timeoutMs`. */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`No answer from the gateway within ${timeoutMs / 1000} s`);
  }
}

/**
 * Something answered that is not the gateway's JSON: typically a proxy's HTML error page (502, 504)
 * while the gateway behind it is down, or a URL that points at another web server.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly contentType: string | null,
  ) {
    super(
      `HTTP ${status}${statusText ? ` ${statusText}` : ''} with ${contentType?.split(';')[0] || 'no content type'}, not the Waybill gateway's JSON`,
    );
  }
}

/** tRPC's HTTP answer: `{ result }` or `{ error }`, or a batch of them. */
function isTrpcAnswer(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const isOne = (item: unknown) =>
    typeof item === 'object' && item !== null && ('result' in item || 'error' in item);
  return Array.isArray(parsed) ? parsed.length > 0 && parsed.every(isOne) : isOne(parsed);
}

/**
 * fetch for the tRPC links: gives up after `timeoutMs` (the whole answer, body included), and turns
 * an answer that is not tRPC's JSON into UnexpectedResponseError rather than letting tRPC read it as
 * an unreachable gateway.
 */
export function guardedFetch(timeoutMs: number | undefined): typeof fetch {
  return async (input, init) => {
    const timeout = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
    const signals = [init?.signal, timeout].filter((s): s is AbortSignal => !!s);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    try {
      const response = await fetch(input, { ...init, ...(signal ? { signal } : {}) });
      const contentType = response.headers.get('content-type');
      if (!contentType?.includes('json')) {
        await response.body?.cancel().catch(() => undefined);
        throw new UnexpectedResponseError(response.status, response.statusText, contentType);
      }
      // Read here, so a body that stalls after the headers fails by the same timeout.
      const body = await response.text();
      const { status, statusText, headers } = response;
      // JSON from another server (the backend itself, an API in front): named by its status too.
      if (!isTrpcAnswer(body)) throw new UnexpectedResponseError(status, statusText, contentType);
      return new Response(body, { status, statusText, headers });
    } catch (error) {
      if (timeout?.aborted && timeoutMs) throw new RequestTimeoutError(timeoutMs);
      throw error;
    }
  };
}
