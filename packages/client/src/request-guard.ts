/** No answer came within the client's `timeoutMs`. */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`No answer from the gateway within ${timeoutMs / 1000} s`);
  }
}

/** What came instead of the gateway's JSON: `HTTP 404 Not Found with application/json`. */
export function answerText(status: number, statusText: string, contentType: string | null): string {
  return `HTTP ${status}${statusText ? ` ${statusText}` : ''} with ${contentType?.split(';')[0] || 'no content type'}`;
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
    super(`${answerText(status, statusText, contentType)}, not the Waybill gateway's JSON`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** tRPC's error for a call, or for a whole request: `{ error: { code: <number>, message, data? } }`. */
function isErrorAnswer(item: unknown): boolean {
  return (
    isObject(item) &&
    isObject(item.error) &&
    typeof item.error.code === 'number' &&
    typeof item.error.message === 'string'
  );
}

/** tRPC's answer for one call: `{ result: { data } }` or its error. */
function isCallAnswer(item: unknown): boolean {
  return isObject(item) && 'result' in item ? isObject(item.result) : isErrorAnswer(item);
}

/**
 * tRPC's HTTP answer: to a batched request an array with an answer per call, or one error when tRPC
 * refused the request whole (a batch too long, an input it cannot read); else one call's answer.
 * Other JSON (the backend's `{ error: { code: 'not_found' } }`, a framework's 404) is not the gateway.
 */
function isTrpcAnswer(body: string, batched: boolean): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (Array.isArray(parsed)) return batched && parsed.length > 0 && parsed.every(isCallAnswer);
  return batched ? isErrorAnswer(parsed) : isCallAnswer(parsed);
}

function isBatched(input: Parameters<typeof fetch>[0]): boolean {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return URL.canParse(href) && new URL(href).searchParams.get('batch') === '1';
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
      if (!isTrpcAnswer(body, isBatched(input)))
        throw new UnexpectedResponseError(status, statusText, contentType);
      return new Response(body, { status, statusText, headers });
    } catch (error) {
      if (timeout?.aborted && timeoutMs) throw new RequestTimeoutError(timeoutMs);
      throw error;
    }
  };
}
