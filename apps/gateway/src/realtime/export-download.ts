import type { FastifyInstance } from 'fastify';
import { BackendError } from '../backend/backend-error.js';
import { credentialFrom, resolveCredential } from '../context.js';

const PASSED_HEADERS = ['content-type', 'content-length', 'content-disposition', 'last-modified'] as const;

/**
 * GET /exports/:jobId/download: the finished export's file, streamed from the backend to the
 * browser (never buffered whole), for the users who started or joined the job. To anyone else the
 * job does not exist (404, as for an unknown id).
 */
export function registerExportDownload(app: FastifyInstance): void {
  app.get<{ Params: { jobId: string } }>('/exports/:jobId/download', async (request, reply) => {
    const found = credentialFrom(request.headers, request.cookies, null);
    const { token } = await resolveCredential(app.services, found);
    if (!token)
      return reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Sign in first' });
    const { exports } = app.services.realtime;
    try {
      // Jobs belong to backend users, not sessions: any session of an owner downloads.
      const user = await app.services.reference.user(token);
      const job = await exports.ownedBy(user.uid, request.params.jobId);
      const file = job ? await exports.fileOf(request.params.jobId) : null;
      if (!job || !file) {
        const message = !job
          ? 'No such export'
          : job.status === 'failed'
            ? `Export failed: ${job.error}`
            : 'Export not ready yet';
        const status = job?.status === 'running' ? 409 : 404;
        return reply
          .status(status)
          .send({ statusCode: status, error: status === 409 ? 'Conflict' : 'Not Found', message });
      }
      // The user's token, so the backend still decides who may read the file.
      const upstream = await app.services.backend.stream(file, token);
      for (const name of PASSED_HEADERS) {
        const value = upstream.headers[name];
        if (value !== undefined) reply.header(name, value);
      }
      if (upstream.headers['content-disposition'] === undefined) {
        reply.header('content-disposition', `attachment; filename="inbound-${job.inboundUid}.xlsx"`);
      }
      reply.header('cache-control', 'no-store');
      return reply.send(upstream.body);
    } catch (error) {
      if (error instanceof BackendError) {
        const status = error.code === 'UNAUTHORIZED' ? 401 : error.code === 'NOT_FOUND' ? 404 : 502;
        return reply.status(status).send({ statusCode: status, error: error.code, message: error.message });
      }
      throw error;
    }
  });
}
