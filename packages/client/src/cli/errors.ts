import { TRPCClientError } from '@trpc/client';

/** An expected failure (bad arguments, not signed in, refused): printed as one line, exit code 1. */
export class CliError extends Error {}

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
    const code = (error.data as { code?: string } | undefined)?.code;
    if (code === 'UNAUTHORIZED') return `Not signed in: ${error.message}. Run \`waybill login\`.`;
    if (!code) return `Cannot reach the gateway${url ? ` at ${url}` : ''}${networkReason(error)}`;
    // The gateway's request id: what its logs name this call by (`reqId`).
    const requestId = (error.data as { requestId?: unknown } | undefined)?.requestId;
    const reference = typeof requestId === 'string' ? ` (reference ${requestId})` : '';
    return `The gateway refused (${code}): ${error.message}${reference}`;
  }
  if (error instanceof TypeError && error.message === 'fetch failed')
    return `Cannot reach the gateway${url ? ` at ${url}` : ''}${networkReason(error)}`;
  return error instanceof Error ? error.message : String(error);
}
