import { httpAddress, labelFileName, labelOfFile, orderLabels, uidInputSchema } from '@waybill/contracts';
import type { FastifyInstance } from 'fastify';
import { describeZodError } from '../zod-message.js';
import { backendFileFailure, downloadToken, refuse, sendBackendFile } from './backend-file.js';

/**
 * GET /orders/:uid/labels/:shipment-:box.pdf (contracts' `labelPath`): one shipping label of an
 * order, read as the signed-in user (the backend decides who may see the order) and streamed from
 * the backend, so the console talks only to the gateway. A label the backend keeps elsewhere (its
 * own file host) is a redirect there.
 */
export function registerLabelDownload(app: FastifyInstance): void {
  app.get<{ Params: { uid: string; file: string } }>('/orders/:uid/labels/:file', async (request, reply) => {
    // The same rule as orders.detail's input: the uid becomes a backend path segment.
    const uid = uidInputSchema.safeParse(request.params.uid);
    if (!uid.success) return refuse(reply, 400, describeZodError(uid.error, 'uid'));
    const token = await downloadToken(app, request, reply);
    if (!token) return reply;
    const wanted = labelOfFile(request.params.file);
    if (!wanted) return refuse(reply, 404, 'No such label');
    try {
      const { order } = await app.services.backend.call('orders.detail', {
        token,
        params: { uid: uid.data },
      });
      const label = orderLabels(order).find((l) => l.shipment === wanted.shipment && l.box === wanted.box);
      if (!label) return refuse(reply, 404, 'No such label');
      if (!app.services.backend.isBackendUrl(label.url))
        return httpAddress(label.url) ? reply.redirect(label.url) : refuse(reply, 404, 'No such label');
      const upstream = await app.services.backend.stream(label.url, token);
      // Saved as a PDF named after the order, not opened in the tab.
      return sendBackendFile(reply, upstream, { fileName: labelFileName(order, label), prefer: 'ours' });
    } catch (error) {
      return backendFileFailure(reply, error);
    }
  });
}
