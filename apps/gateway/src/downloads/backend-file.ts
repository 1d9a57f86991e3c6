import type { FastifyReply } from 'fastify';
import type { BackendStream } from '../backend/backend-client.js';
import { BackendError } from '../backend/backend-error.js';

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

/** A plain-JSON refusal, as Fastify's own errors look. */
export function refuse(reply: FastifyReply, status: 401 | 404 | 409, message: string) {
  const error = status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Conflict';
  return reply.status(status).send({ statusCode: status, error, message });
}

/**
 * A backend call of a download that failed: the backend's refusal as 401 or 404, anything else 502.
 * Other errors are rethrown, for the app's error handler (which hides a 500's details).
 */
export function backendFileFailure(reply: FastifyReply, error: unknown) {
  if (!(error instanceof BackendError)) throw error;
  const status = error.code === 'UNAUTHORIZED' ? 401 : error.code === 'NOT_FOUND' ? 404 : 502;
  return reply.status(status).send({ statusCode: status, error: error.code, message: error.message });
}
