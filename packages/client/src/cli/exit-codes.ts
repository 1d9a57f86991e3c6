import { TRPCClientError } from '@trpc/client';

/** The `waybill` command's exit codes (documented in the package README). */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  backendUnavailable: 5,
  problemsFound: 6,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The gateway's tRPC error codes, by what a script calling `waybill` can do about them. */
const BY_TRPC_CODE: Record<string, ExitCode> = {
  BAD_REQUEST: EXIT.usage,
  PARSE_ERROR: EXIT.usage,
  UNPROCESSABLE_CONTENT: EXIT.usage,
  UNAUTHORIZED: EXIT.auth,
  FORBIDDEN: EXIT.auth,
  NOT_FOUND: EXIT.notFound,
  BAD_GATEWAY: EXIT.backendUnavailable,
  SERVICE_UNAVAILABLE: EXIT.backendUnavailable,
  GATEWAY_TIMEOUT: EXIT.backendUnavailable,
  TIMEOUT: EXIT.backendUnavailable,
  TOO_MANY_REQUESTS: EXIT.backendUnavailable,
};

/** A failure the command expects (bad arguments, not signed in, nothing found): one line, its code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
  ) {
    super(message);
  }
}

export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof TRPCClientError) {
    const code = (error.data as { code?: unknown } | undefined)?.code;
    // No code: the answer never came (gateway down or unreachable).
    if (typeof code !== 'string') return EXIT.backendUnavailable;
    return BY_TRPC_CODE[code] ?? EXIT.failure;
  }
  if (error instanceof TypeError && error.message === 'fetch failed') return EXIT.backendUnavailable;
  return EXIT.failure;
}
