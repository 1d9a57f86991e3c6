import type { FastifyInstance } from 'fastify';
import { backendFileFailure, downloadToken, refuse, sendBackendFile } from './backend-file.js';

/**
 * GET /exports/:jobId/download: the finished export's file, streamed from the backend to the
 * browser, for the users who started or joined the job. To anyone else the job does not exist (404,
 * as for an unknown id).
 */
export function registerExportDownload(app: FastifyInstance): void {
  app.get<{ Params: { jobId: string } }>('/exports/:jobId/download', async (request, reply) => {
    const token = await downloadToken(app, request, reply);
    if (!token) return reply;
    const { exports } = app.services.realtime;
    try {
      // Jobs belong to backend users, not sessions: any session of an owner downloads.
      const user = await app.services.reference.user(token);
      const job = await exports.ownedBy(user.uid, request.params.jobId);
      const file = job ? await exports.fileOf(request.params.jobId) : null;
      if (!job) return refuse(reply, 404, 'No such export');
      if (!file)
        return job.status === 'running'
          ? refuse(reply, 409, 'Export not ready yet')
          : refuse(
              reply,
              404,
              job.status === 'failed' ? `Export failed: ${job.error}` : 'Export not ready yet',
            );
      // The user's token, so the backend still decides who may read the file.
      const upstream = await app.services.backend.stream(file, token);
      return sendBackendFile(reply, upstream, {
        fileName: `inbound-${job.inboundUid}.xlsx`,
        prefer: 'backend',
      });
    } catch (error) {
      return backendFileFailure(reply, error);
    }
  });
}
