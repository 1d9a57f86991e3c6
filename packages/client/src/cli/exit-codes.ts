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
export const EXIT_BY_TRPC_CODE: Readonly<Record<string, ExitCode>> = {
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
