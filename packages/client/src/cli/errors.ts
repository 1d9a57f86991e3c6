import { TRPCClientError } from '@trpc/client';

/** An expected failure (bad arguments, not signed in, refused): printed as one line, exit code 1. */
export class CliError extends Error {}

/** One line for stderr: expected failures by their message, gateway refusals by code, never a stack. */
export function describeError(error: unknown, url: string | null): string {
  if (error instanceof CliError) return error.message;
  if (error instanceof TRPCClientError) {
    const code = (error.data as { code?: string } | undefined)?.code;
    if (code === 'UNAUTHORIZED') return `Not signed in: ${error.message}. Run \`waybill login\`.`;
    if (!code) return `Cannot reach the gateway${url ? ` at ${url}` : ''}: ${error.message}`;
    return `The gateway refused (${code}): ${error.message}`;
  }
  if (error instanceof TypeError && error.message === 'fetch failed')
    return `Cannot reach the gateway${url ? ` at ${url}` : ''}`;
  return error instanceof Error ? error.message : String(error);
}
