import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BackendStream } from '../backend/backend-client.js';
import { BackendError, publicBackendError } from '../backend/backend-error.js';
import { credentialFrom, resolveCredential } from '../context.js';

const PASSED_HEADERS = ['content-type', 'content-length', 'content-disposition', 'last-modified'] as const;

/**
 * Which name a file from the backend is saved under: `fileName` always (`ours`), or the backend's
 * own when it gives one, else `fileName` (`backend`).
 */
export interface SaveAs {
  fileName: string;
  prefer: 'ours' | 'backend';
}

/** A file read from the backend, streamed to the browser (never buffered whole) to be saved. */
export function sendBackendFile(reply: FastifyReply, upstream: BackendStream, { fileName, prefer }: SaveAs) {
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  if (prefer === 'ours' || upstream.headers['content-disposition'] === undefined)
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
  reply.header('cache-control', 'no-store');
  return reply.send(upstream.body);
}

const REFUSALS = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
} as const;

/** A plain-JSON refusal, as Fastify's own errors look. */
export function refuse(reply: FastifyReply, status: keyof typeof REFUSALS, message: string) {
  return reply.status(status).send({ statusCode: status, error: REFUSALS[status], message });
}

/**
 * A backend call of a download that failed. A client error (a refused id, an order the caller may
 * not see) keeps its 4xx, since it says what to fix; only the backend failing is 502, told with the
 * path and status alone. Other errors are rethrown, for the app's error handler (which hides a
 * 500's details).
 */
export function backendFileFailure(reply: FastifyReply, error: unknown) {
  if (!(error instanceof BackendError)) throw error;
  const code = getHTTPStatusCodeFromError(error);
  const status = code >= 400 && code < 500 ? code : 502;
  const { message } = publicBackendError(error);
  return reply.status(status).send({ statusCode: status, error: error.code, message });
}

/** The caller's backend token, or null once the answer says why there is none (401, 429, 502). */
export async function downloadToken(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  try {
    const found = credentialFrom(request.headers, request.cookies, null);
    const { token, ownToken } = await resolveCredential(app.services, found);
    if (token && (!ownToken || (await app.services.tokenCheck.accepts(token, request.ip)))) return token;
    refuse(reply, 401, 'Sign in first');
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') refuse(reply, 429, error.message);
    else backendFileFailure(reply, error);
  }
  return null;
}
