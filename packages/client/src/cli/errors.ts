import { TRPCClientError } from '@trpc/client';
import { answerText, RequestTimeoutError, UnexpectedResponseError } from '../request-guard.js';
import { EXIT, EXIT_BY_TRPC_CODE, type ExitCode } from './exit-codes.js';
import { describeRefusal, lastSocketRefusal } from './live-socket.js';

/** An expected failure (bad arguments, not signed in, nothing found): one line, and its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
  ) {
    super(message);
  }
}

/** A wrong command line: exit code 2. */
export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}

function trpcCode(error: TRPCClientError<never>): string | undefined {
  const code = (error.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The first error of `type` in the cause chain of `error`, itself included. */
function causeOf<T>(error: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof type) return e;
  return undefined;
}

/** A proxy answering for a gateway that is down or slow: the gateway is unreachable behind it. */
export const PROXY_UNREACHABLE: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** The gateway's request id of a refused call, as ` (reference …)`: what its logs name the call by. */
function requestReference(error: TRPCClientError<never>): string {
  const requestId = (error.data as { requestId?: unknown } | undefined)?.requestId;
  return typeof requestId === 'string' ? ` (reference ${requestId})` : '';
}

/**
 * For `.catch`: an UNAUTHORIZED answer becomes a CliError worded for the command that got it (a
 * refused sign-in must not tell the user to sign in); anything else is thrown on as it was.
 */
export function refusedAs(what: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof TRPCClientError && trpcCode(error) === 'UNAUTHORIZED')
      throw new CliError(`${what}: ${error.message}${requestReference(error)}`, EXIT.auth);
    throw error;
  };
}

/** The gateway's own refusal of the websocket a failed subscription needed, if that is what it met. */
function socketRefusal(error: unknown) {
  // An HTTP call's network failure (a TypeError from fetch) is no websocket's.
  if (!(error instanceof TRPCClientError) || trpcCode(error) || causeOf(error, TypeError)) return null;
  const refusal = lastSocketRefusal();
  return refusal ? describeRefusal(refusal) : null;
}

export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  const unexpected = causeOf(error, UnexpectedResponseError);
  if (unexpected) return PROXY_UNREACHABLE.has(unexpected.status) ? EXIT.backendUnavailable : EXIT.failure;
  if (causeOf(error, RequestTimeoutError)) return EXIT.backendUnavailable;
  const refusal = socketRefusal(error);
  if (refusal) return refusal.exitCode;
  if (error instanceof TRPCClientError) {
    const code = trpcCode(error);
    // No code: the answer never came (gateway down or unreachable).
    return code ? (EXIT_BY_TRPC_CODE[code] ?? EXIT.failure) : EXIT.backendUnavailable;
  }
  if (error instanceof TypeError && error.message === 'fetch failed') return EXIT.backendUnavailable;
  return EXIT.failure;
}

/**
 * The network reason under a failed fetch (ECONNREFUSED, ENOTFOUND, …), if any. Only error codes
 * are named: a parser's message (JSON.parse on a page that is not JSON) would only puzzle.
 */
function networkReason(error: unknown): string {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return ` (${code})`;
    if (e instanceof SyntaxError) return ': its answer is not JSON (another server, or a proxy, in the way?)';
  }
  return '';
}

/**
 * A proxy's 429 or 502-504 stands for a gateway that is down or busy behind it ("try again"); any
 * other answer that is not tRPC's comes from a server that is not the gateway (the backend's address
 * given by mistake), which trying again will not change.
 */
function unexpectedAnswer(answer: UnexpectedResponseError, url: string | null): string {
  if (PROXY_UNREACHABLE.has(answer.status))
    return `${url ?? 'The gateway'} answered ${answer.message} (a proxy in front of a gateway that is down, or the wrong URL?)`;
  const what = answerText(answer.status, answer.statusText, answer.contentType);
  return `${url ?? 'The URL'} is not a Waybill gateway: it answered ${what} (check the URL)`;
}

/** One line for stderr: expected failures by their message, gateway refusals by code, never a stack. */
export function describeError(error: unknown, url: string | null): string {
  if (error instanceof CliError) return error.message;
  const at = url ? ` at ${url}` : '';
  const unexpected = causeOf(error, UnexpectedResponseError);
  if (unexpected) return unexpectedAnswer(unexpected, url);
  const timeout = causeOf(error, RequestTimeoutError);
  if (timeout) return `The gateway${at} did not answer within ${timeout.timeoutMs / 1000} s`;
  const refusal = socketRefusal(error);
  if (refusal) return refusal.message;
  if (error instanceof TRPCClientError) {
    const code = trpcCode(error);
    if (!code) return `Cannot reach the gateway${at}${networkReason(error)}`;
    const reference = requestReference(error);
    if (code === 'UNAUTHORIZED') return `Not signed in: ${error.message}. Run \`waybill login\`.${reference}`;
    return `The gateway refused (${code}): ${error.message}${reference}`;
  }
  if (error instanceof TypeError && error.message === 'fetch failed')
    return `Cannot reach the gateway${at}${networkReason(error)}`;
  return error instanceof Error ? error.message : String(error);
}
