import { TRPCClientError } from '@trpc/client';
import { EXIT, EXIT_BY_TRPC_CODE, type ExitCode } from './exit-codes.js';

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

export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof TRPCClientError) {
    const code = trpcCode(error);
    // No code: the answer never came (gateway down or unreachable).
    return code ? (EXIT_BY_TRPC_CODE[code] ?? EXIT.failure) : EXIT.backendUnavailable;
  }
  if (error instanceof TypeError && error.message === 'fetch failed') return EXIT.backendUnavailable;
  return EXIT.failure;
}

/** The network reason under a failed fetch (ECONNREFUSED, ENOTFOUND, …), if any. */
function networkReason(error: unknown): string {
  let innermost = '';
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return ` (${code})`;
    innermost = e.message;
  }
  return innermost && innermost !== 'fetch failed' ? ` (${innermost})` : '';
}

/** One line for stderr: expected failures by their message, gateway refusals by code, never a stack. */
export function describeError(error: unknown, url: string | null): string {
  if (error instanceof CliError) return error.message;
  if (error instanceof TRPCClientError) {
    const code = trpcCode(error);
    if (!code) return `Cannot reach the gateway${url ? ` at ${url}` : ''}${networkReason(error)}`;
    // The gateway's request id: what its logs name this call by (`reqId`).
    const requestId = (error.data as { requestId?: unknown } | undefined)?.requestId;
    const reference = typeof requestId === 'string' ? ` (reference ${requestId})` : '';
    if (code === 'UNAUTHORIZED') return `Not signed in: ${error.message}. Run \`waybill login\`.${reference}`;
    return `The gateway refused (${code}): ${error.message}${reference}`;
  }
  if (error instanceof TypeError && error.message === 'fetch failed')
    return `Cannot reach the gateway${url ? ` at ${url}` : ''}${networkReason(error)}`;
  return error instanceof Error ? error.message : String(error);
}
