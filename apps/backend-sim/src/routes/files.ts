import { COURIERS, isCourierKey } from '@waybill/contracts';
import type { FastifyInstance } from 'fastify';
import { textPdf } from '../files/pdf.js';
import { itemSvg } from '../files/svg.js';
import type { SimStore } from '../store.js';
import { notFound } from '../util/errors.js';
import { reportFile } from './inbounds-handlers.js';

/** Files the sim hands out links to: product images, shipping labels, inbound exports. */
export function registerFiles(app: FastifyInstance, store: SimStore): void {
  app.get<{ Params: { uid: string } }>('/images/items/:uid.svg', async (request, reply) => {
    const item = store.items.get(request.params.uid);
    if (!item) throw notFound('Image', request.params.uid);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(itemSvg(item.title_1, item.hue));
  });

  app.get<{ Params: { uid: string; file: string } }>('/files/labels/:uid/:file', async (request, reply) => {
    const { uid, file } = request.params;
    const order = store.orders.get(uid);
    const match = /^(\d+)-(\d+)\.pdf$/.exec(file);
    if (!order || !match) throw notFound('Label', `${uid}/${file}`);
    const version = Number(match[1]);
    const parcel = Number(match[2]);
    const shipment = order.labels.find((labels) =>
      labels.some((u) => u?.endsWith(`/${version}-${parcel}.pdf`)),
    );
    if (!shipment) throw notFound('Label', `${uid}/${file}`);
    const courier = isCourierKey(order.courierKey)
      ? COURIERS[order.courierKey].long
      : (order.courierKey ?? 'Courier');
    const pdf = textPdf([
      'SHIPPING LABEL',
      `Order: #${order.reference ?? order.uid}`,
      `Courier: ${courier}`,
      `AWB: ${version === order.labelVersion ? (order.tracking ?? '-') : `(superseded, version ${version})`}`,
      `Parcel ${parcel} of ${shipment.length}`,
      `Zip: ${order.zip ?? '-'}`,
      `Warehouse code: ${order.fulfillmentOrders[0]?.external_identifier ?? '-'}`,
    ]);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="label-${order.reference ?? order.uid}-${parcel}.pdf"`)
      .send(pdf);
  });

  app.get<{ Params: { uid: string } }>('/files/exports/:uid.xlsx', async (request, reply) => {
    const report = store.reports.get(request.params.uid);
    if (!report?.completed) throw notFound('Export', request.params.uid);
    const inbound = store.inbounds.get(report.inboundUid);
    const file = await reportFile(store, report);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${inbound?.name ?? 'inbound'}.xlsx"`)
      .send(file);
  });
}
